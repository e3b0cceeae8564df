import type { FastifyInstance } from 'fastify';
import {
  invitationRequestSchema,
  invitationResultSchema,
  matchesSchema,
} from '../../../shared/schemas/recruiting';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { InvitationsService } from './invitations.service';

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
      schema: { params: uuidParam('id'), response: { 200: matchesSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.invitations.matches(request.params.id);
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
