import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/app-error';
import { recordAudit } from '../modules/audit/audit.service';
import type { Auth } from './session';
import { requestContext } from './session';

/**
 * Route guards (decisions.md section 4), used as `preValidation`: 401/403 come
 * before any 400, so validation never tells an anonymous caller the rules. Each
 * refusal is logged; a refused authorization (403) is also written to the audit log.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

async function refuse(request: FastifyRequest, reason: string): Promise<never> {
  request.log.warn({ route: request.routeOptions.url, reason }, 'authorization refused');
  await recordAudit(request.server.db, requestContext(request), {
    action: 'authorization.refused',
    resource: 'route',
    resourceId: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 100),
    details: { reason },
  });
  throw forbidden();
}

function signedIn(request: FastifyRequest): Auth {
  if (!request.auth) {
    request.log.info({ route: request.routeOptions.url }, 'authentication required');
    throw unauthorized();
  }
  return request.auth;
}

export const requireUser: Guard = async (request) => {
  signedIn(request);
};

export const requireParticipant: Guard = async (request) => {
  const auth = signedIn(request);
  if (auth.user.userType !== 'participant') await refuse(request, 'participants only');
};

export const requireAdmin: Guard = async (request) => {
  const auth = signedIn(request);
  if (auth.user.userType !== 'admin') await refuse(request, 'admins only');
};

export const requireSuperAdmin: Guard = async (request) => {
  const auth = signedIn(request);
  if (auth.user.userType !== 'admin' || auth.user.role !== 'super_admin')
    await refuse(request, 'super admins only');
};

/** The participant named by `params[paramName]` themself, or any admin. */
export function requireSelfOrAdmin(paramName: string): Guard {
  return async (request) => {
    const auth = signedIn(request);
    if (auth.user.userType === 'admin') return;
    const target = (request.params as Record<string, string | undefined>)[paramName];
    if (auth.user.userType !== 'participant' || target !== auth.user.id)
      await refuse(request, 'not your record');
  };
}

/** Only the participant named by the parameter (admins may not act for them, e.g. applying). */
export function requireSelf(paramName: string): Guard {
  return async (request) => {
    const auth = signedIn(request);
    const target = (request.params as Record<string, string | undefined>)[paramName];
    if (target !== auth.user.id) await refuse(request, 'not your record');
  };
}
