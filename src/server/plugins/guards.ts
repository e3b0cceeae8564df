import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, forbidden, unauthorized } from '../lib/app-error';
import { enrolRequired, stepUpRequired } from '../modules/accounts/two-factor.service';
import { recordAudit } from '../modules/audit/audit.service';
import { STEP_UP_WINDOW_MS } from '../../shared/schemas/two-factor';
import type { Auth } from './session';
import { requestContext } from './session';

/**
 * Route guards (decisions.md section 4), used as `preValidation`: 401/403 come
 * before any 400, so validation never tells an anonymous caller the rules. Each
 * refusal is logged; a refused authorization (403) is also written to the audit log.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

async function refuse(
  request: FastifyRequest,
  reason: string,
  error: AppError = forbidden(),
): Promise<never> {
  request.log.warn({ route: request.routeOptions.url, reason }, 'authorization refused');
  await recordAudit(request.server.db, requestContext(request), {
    action: 'authorization.refused',
    resource: 'route',
    resourceId: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 100),
    details: { reason },
  });
  throw error;
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

/**
 * An admin who entered a second-factor code on this session in the last 5 minutes
 * (decisions.md section 11): at sign-in or through POST /api/auth/step-up. Otherwise 403
 * `{ stepUp: true }` (403, not 401: the session is still signed in), or 403
 * `{ enrolRequired: true }` for an admin who has not set up two-step sign-in. Put it after
 * the role's guard: `preValidation: [requireSuperAdmin, requireStepUp]`.
 */
export const requireStepUp: Guard = async (request) => {
  const auth = signedIn(request);
  if (auth.user.userType !== 'admin') return refuse(request, 'admins only');
  if (!auth.user.twoFactorEnabled)
    return refuse(request, 'two-step sign-in not set up', enrolRequired());
  const now = request.server.clock().getTime();
  const at = auth.stepUpAt?.getTime();
  if (at === undefined || now - at >= STEP_UP_WINDOW_MS)
    return refuse(request, 'no code entered in the last 5 minutes', stepUpRequired());
};
