import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { consentSchema, consentUpdateSchema } from '../../../shared/schemas/recruiting';
import { withZod } from '../../lib/route-types';
import { requireParticipant } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { ConsentService } from './consent.service';

const consentAnswer = z.object({ consent: consentSchema });

/** GET and PUT /api/me/consent: the participant's own (admins 403). */
export async function consentRoutes(app: FastifyInstance, opts: { consent: ConsentService }) {
  const r = withZod(app);

  r.get(
    '/api/me/consent',
    { preValidation: requireParticipant, schema: { response: { 200: consentAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { consent: await opts.consent.get(request.auth!.user.id) };
    },
  );

  r.put(
    '/api/me/consent',
    {
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: { body: consentUpdateSchema, response: { 200: consentAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        consent: await opts.consent.update(
          request.auth!.user.id,
          request.body,
          requestContext(request),
        ),
      };
    },
  );
}
