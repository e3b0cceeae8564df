import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  authAnswerSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  sessionAnswerSchema,
  signInSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';
import { requireAdmin, requireParticipant } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import { messageBody, withZod } from '../../lib/route-types';
import type { AccountsService } from './accounts.service';
import { tr } from '../../../shared/i18n/runtime';

const NO_STORE = 'no-store';

export async function accountsRoutes(app: FastifyInstance, opts: { accounts: AccountsService }) {
  const { accounts } = opts;
  const r = withZod(app);
  const authLimit = { rateLimit: app.rateLimits.auth };

  r.post(
    '/api/auth/signup',
    { config: authLimit, schema: { body: signUpSchema, response: { 201: authAnswerSchema } } },
    async (request, reply) => {
      const answer = await accounts.signUp(request.body, requestContext(request));
      return reply.status(201).header('cache-control', NO_STORE).send(answer);
    },
  );

  r.post(
    '/api/auth/signin',
    { config: authLimit, schema: { body: signInSchema, response: { 200: authAnswerSchema } } },
    async (request, reply) => {
      // A new session id at every sign-in; the old one (if any) ends only when it is issued,
      // so a failed attempt does not sign the caller out.
      const { sessionToken, ...answer } = await accounts.signIn(
        request.body,
        requestContext(request),
        request.auth?.sessionIdHash,
      );
      reply.setSessionCookie(sessionToken, answer.userType);
      return reply.header('cache-control', NO_STORE).send(answer);
    },
  );

  r.post(
    '/api/auth/logout',
    { schema: { response: { 204: z.null() } } },
    async (request, reply) => {
      await accounts.signOut(request.auth?.sessionIdHash, requestContext(request));
      reply.clearSessionCookie();
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/auth/session',
    { schema: { response: { 200: sessionAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return request.auth
        ? { user: request.auth.user, userType: request.auth.user.userType }
        : { user: null, userType: null };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    { config: authLimit, schema: { body: forgotPasswordSchema, response: { 202: messageBody } } },
    async (request, reply) => {
      await accounts.forgotPassword(request.body, requestContext(request));
      return reply.status(202).send({
        message: tr('errors', 'done.resetRequested'),
      });
    },
  );

  r.post(
    '/api/auth/reset-password',
    { config: authLimit, schema: { body: resetPasswordSchema, response: { 200: messageBody } } },
    async (request) => {
      await accounts.resetPassword(request.body, requestContext(request));
      return { message: tr('errors', 'done.passwordReset') };
    },
  );

  for (const [url, guard] of [
    ['/api/participant/password', requireParticipant],
    ['/api/admin/password', requireAdmin],
  ] as const) {
    r.put(
      url,
      {
        preValidation: guard,
        config: { rateLimit: app.rateLimits.writes },
        schema: { body: changePasswordSchema, response: { 200: messageBody } },
      },
      async (request) => {
        const auth = request.auth!;
        await accounts.changePassword(
          { id: auth.user.id, type: auth.user.userType },
          request.body,
          auth.sessionIdHash,
          requestContext(request),
        );
        return { message: tr('errors', 'done.passwordChanged') };
      },
    );
  }
}
