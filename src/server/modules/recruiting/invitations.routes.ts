import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tr } from '../../../shared/i18n/runtime';
import {
  criteriaSchema,
  invitationRequestSchema,
  invitationResultSchema,
  matchesSchema,
} from '../../../shared/schemas/recruiting';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { InvitationsService } from './invitations.service';

/**
 * `?criteria=` of GET /api/tests/{id}/matches: a draft of the study's criteria as JSON (the
 * edit dialog counts them as staff change them, before saving); left out, the stored ones.
 */
const matchesQuerySchema = z.object({
  criteria: z
    .string()
    .max(20_000, { error: () => tr('validation', 'criteria.unknownValue') })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: tr('validation', 'criteria.unknownValue') });
        return z.NEVER;
      }
    })
    .pipe(criteriaSchema)
    .optional(),
});

/** Matching counts and invitations of one study (decisions.md section 10): admins. */
export async function invitationsRoutes(
  app: FastifyInstance,
  opts: { invitations: InvitationsService },
) {
  const r = withZod(app);

  r.get(
    '/api/tests/:id/matches',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        querystring: matchesQuerySchema,
        response: { 200: matchesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.invitations.matches(request.params.id, request.query.criteria);
    },
  );

  r.post(
    '/api/tests/:id/invitations',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: invitationRequestSchema,
        response: { 200: invitationResultSchema },
      },
    },
    async (request) =>
      opts.invitations.invite(request.params.id, request.body.limit, requestContext(request)),
  );
}
