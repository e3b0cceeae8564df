import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  enableTwoFactorSchema,
  recoveryCodesSchema,
  secondFactorCodeSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../../shared/schemas/two-factor';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { TwoFactorService } from './two-factor.service';

const NO_STORE = 'no-store';

/**
 * The admin second factor (decisions.md section 11). Each admin acts on their own factor
 * only: no route names an admin, the session says who.
 */
export async function twoFactorRoutes(app: FastifyInstance, opts: { twoFactor: TwoFactorService }) {
  const { twoFactor } = opts;
  const r = withZod(app);
  const codeLimit = { rateLimit: app.rateLimits.auth };

  r.get(
    '/api/admin/2fa',
    { preValidation: requireAdmin, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return twoFactor.status(request.auth!.user.id);
    },
  );

  r.post(
    '/api/admin/2fa/setup',
    {
      preValidation: requireAdmin,
      config: codeLimit,
      schema: { response: { 200: twoFactorSetupSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return twoFactor.setup(request.auth!.user.id, requestContext(request));
    },
  );

  r.post(
    '/api/admin/2fa/enable',
    {
      preValidation: requireAdmin,
      config: codeLimit,
      schema: { body: enableTwoFactorSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const auth = request.auth!;
      const recoveryCodes = await twoFactor.enable(
        { id: auth.user.id, sessionIdHash: auth.sessionIdHash },
        request.body,
        requestContext(request),
      );
      return { recoveryCodes };
    },
  );

  r.delete(
    '/api/admin/2fa',
    {
      preValidation: requireAdmin,
      config: codeLimit,
      schema: { body: secondFactorCodeSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await twoFactor.disable(
        { id: auth.user.id, sessionIdHash: auth.sessionIdHash },
        request.body.code,
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/step-up',
    {
      preValidation: requireAdmin,
      config: codeLimit,
      schema: { body: secondFactorCodeSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const auth = request.auth!;
      await twoFactor.stepUp(
        { id: auth.user.id, sessionIdHash: auth.sessionIdHash },
        request.body.code,
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );
}
