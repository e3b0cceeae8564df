import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  participantRegistrationSchema,
  participantSchema,
} from '../../../shared/schemas/participants';
import { requestContext } from '../../plugins/session';
import { withZod } from '../../lib/route-types';
import type { AccountsService } from '../accounts/accounts.service';
import { toParticipant } from './participants.mapper';

export async function participantsRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountsService },
) {
  const r = withZod(app);

  r.post(
    '/api/participants/register',
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: {
        body: participantRegistrationSchema,
        response: { 201: z.object({ participant: participantSchema }) },
      },
    },
    async (request, reply) => {
      const row = await opts.accounts.createParticipant(
        request.body,
        requestContext(request),
        'participant.register',
      );
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ participant: toParticipant(row) });
    },
  );
}
