import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SessionUser } from '../../shared/schemas/auth';
import type { UserType } from '../../shared/schemas/options';
import { hashToken } from '../modules/accounts/session-tokens';
import {
  findLiveSession,
  renewedExpiry,
  SESSION_POLICY,
  touchSession,
} from '../modules/accounts/sessions.repo';
import { toSessionUser } from '../modules/accounts/accounts.mapper';
import type { RequestContext } from '../modules/audit/audit.service';

export type Auth = {
  sessionIdHash: string;
  user: SessionUser;
  /** When a second-factor code was last entered on this session (requireStepUp). */
  stepUpAt: Date | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; loaded for /api requests only. */
    auth: Auth | null;
  }
  interface FastifyReply {
    setSessionCookie(token: string, userType: UserType): void;
    clearSessionCookie(): void;
  }
}

export function sessionCookieName(config: Config): string {
  // __Host- pins the cookie to this host and path / and demands Secure.
  return config.secureCookies ? '__Host-sid' : 'sid';
}

function cookieMaxAgeSeconds(userType: UserType): number {
  return userType === 'admin'
    ? SESSION_POLICY.admin.absoluteMs / 1000
    : SESSION_POLICY.participant.slidingMs / 1000;
}

/** Who is acting and from where, for services and the audit log. */
export function requestContext(request: FastifyRequest): RequestContext {
  return {
    actor: request.auth ? { id: request.auth.user.id, type: request.auth.user.userType } : null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}

export const sessionPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const { config, db } = opts;
  const name = sessionCookieName(config);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };

  await app.register(cookie);
  app.decorateRequest('auth', null);

  app.decorateReply(
    'setSessionCookie',
    function (this: FastifyReply, token: string, userType: UserType) {
      this.setCookie(name, token, { ...cookieOptions, maxAge: cookieMaxAgeSeconds(userType) });
    },
  );
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    this.clearCookie(name, cookieOptions);
  });

  async function resume(request: FastifyRequest, reply: FastifyReply, token: string) {
    const idHash = hashToken(token);
    const found = await findLiveSession(db, idHash);
    if (!found) {
      reply.clearSessionCookie();
      return;
    }
    const { session, account } = found;
    if (!account || !account.row.isActive) return;
    request.auth = {
      sessionIdHash: idHash,
      user: toSessionUser(account),
      stepUpAt: session.stepUpAt,
    };

    const now = new Date();
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_POLICY.touchEveryMs) {
      await touchSession(db, idHash, now, renewedExpiry(session, now));
      if (session.userType === 'participant') reply.setSessionCookie(token, 'participant');
    }
  }

  // A callback hook: a request without a session (every visitor's, the polled public
  // reads) passes on at once, without the promise and microtask of an async hook.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.cookies[name];
    if (!token || token.length > 100) return done();
    resume(request, reply, token).then(() => done(), done);
  });
});
