import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import {
  formatRecoveryCode,
  isRecoveryCode,
  isTotpCode,
  STEP_UP_MAX_FAILURES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/schemas/two-factor';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import type { AccountsService } from './accounts.service';
import { deleteSession, deleteUserSessions } from './sessions.repo';
import {
  hashRecoveryCode,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
} from './totp';
import {
  claimTotpStep,
  clearSessionStepUp,
  clearTwoFactor,
  countSessionCodeFailure,
  countUnusedRecoveryCodes,
  enableWithPendingSecret,
  findTwoFactor,
  markSessionSteppedUp,
  replaceRecoveryCodes,
  storePendingSecret,
  useRecoveryCode,
  type TwoFactorRow,
} from './two-factor.repo';

/**
 * The admin second factor (decisions.md section 11; docs/decisions/035): enrolment, turning
 * it off, and the step-up of a session. Console only, so its words are English. No secret
 * (after setup), code or hash is ever logged, audited or answered.
 */

/** The 403 of an action that needs a code entered in the last 5 minutes on this session. */
export const stepUpRequired = () =>
  new AppError(
    403,
    'STEP_UP_REQUIRED',
    'Enter the code from your authenticator app to confirm this action.',
    undefined,
    undefined,
    { stepUp: true },
  );

/** The 403 of such an action for an admin who has not set up two-step sign-in. */
export const enrolRequired = () =>
  new AppError(
    403,
    'ENROL_REQUIRED',
    'This action needs two-step sign-in: set it up on your profile first (Account settings, Security).',
    undefined,
    undefined,
    { enrolRequired: true },
  );

const WRONG_CODE =
  'That code is not right, or it was already used. Enter the current code from your app, or an unused recovery code.';
const SESSION_ENDED_BY_CODES = 'Too many wrong codes: you were signed out. Please sign in again.';

export type CodeMethod = 'totp' | 'recovery';

/**
 * Checks a code (canonical: two-factor.ts's fields) of an enrolled admin and uses it up when
 * it is right: a TOTP's step is claimed (no step at or below the last accepted one passes),
 * a recovery code is marked used. Null when wrong, already used, or not enrolled.
 */
export async function useSecondFactorCode(
  db: DbOrTx,
  admin: TwoFactorRow,
  code: string,
  now: Date,
): Promise<CodeMethod | null> {
  if (!admin.totpEnabledAt || !admin.totpSecret) return null;
  if (isTotpCode(code)) {
    const step = matchingTotpStep(admin.totpSecret, code, now);
    if (step === null) return null;
    return (await claimTotpStep(db, admin.id, admin.totpSecret, step)) ? 'totp' : null;
  }
  if (isRecoveryCode(code)) {
    const used = await useRecoveryCode(db, admin.id, hashRecoveryCode(admin.id, code), now);
    return used ? 'recovery' : null;
  }
  return null;
}

/** Audits a recovery code used up (how many are left, never which). */
export async function auditRecoveryCodeUsed(
  db: DbOrTx,
  ctx: RequestContext,
  adminId: string,
  usedFor: string,
) {
  await recordAudit(db, ctx, {
    action: 'admin.2fa.recovery_code_used',
    resource: 'admin',
    resourceId: adminId,
    actor: { id: adminId, type: 'admin' },
    details: { usedFor, left: await countUnusedRecoveryCodes(db, adminId) },
  });
}

type Who = { id: string; sessionIdHash: string };

export function createTwoFactorService({
  db,
  accounts,
  now: clock = () => new Date(),
}: {
  db: Db;
  /** The current-password check of enrolling, counted like a sign-in. */
  accounts: Pick<AccountsService, 'confirmTwoFactorEnrolment'>;
  /** The clock of the code checks and the step-up; tests move it instead of waiting. */
  now?: () => Date;
}) {
  async function enrolled(adminId: string): Promise<TwoFactorRow> {
    const row = await findTwoFactor(db, adminId);
    if (!row) throw notFound('Admin not found');
    return row;
  }

  /**
   * A wrong code on a signed-in session (step-up, turning the factor off): counted on the
   * session, and the fifth ends it (401): a stolen session cannot guess its way through.
   */
  async function wrongCodeOnSession(who: Who, ctx: RequestContext, action: string): Promise<never> {
    const failures = await countSessionCodeFailure(db, who.sessionIdHash);
    if (failures >= STEP_UP_MAX_FAILURES) {
      await db.transaction(async (tx) => {
        await deleteSession(tx, who.sessionIdHash);
        await recordAudit(tx, ctx, {
          action,
          resource: 'admin',
          resourceId: who.id,
          details: { failures },
        });
        await recordAudit(tx, ctx, {
          action: 'auth.session.ended_by_code_failures',
          resource: 'session',
          details: { failures },
        });
      });
      throw new AppError(401, 'SESSION_ENDED', SESSION_ENDED_BY_CODES);
    }
    await recordAudit(db, ctx, {
      action,
      resource: 'admin',
      resourceId: who.id,
      details: { failures },
    });
    throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  }

  return {
    /** GET /api/admin/2fa: the admin's own state. */
    async status(adminId: string): Promise<TwoFactorStatus> {
      const row = await enrolled(adminId);
      const enabled = row.totpEnabledAt !== null;
      return {
        enabled,
        enabledAt: row.totpEnabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, adminId) : 0,
      };
    },

    /** POST /api/admin/2fa/setup: a new pending secret (an earlier one is replaced). */
    async setup(adminId: string, ctx: RequestContext): Promise<TwoFactorSetup> {
      const row = await enrolled(adminId);
      const alreadyOn = () =>
        conflict('Two-step sign-in is already on. Turn it off first to set up another device.');
      if (row.totpEnabledAt) throw alreadyOn();
      const secret = newTotpSecret();
      if (!(await storePendingSecret(db, adminId, secret))) throw alreadyOn();
      await recordAudit(db, ctx, {
        action: 'admin.2fa.setup',
        resource: 'admin',
        resourceId: adminId,
      });
      return { secret, otpauthUrl: otpauthUrl(secret, row.email) };
    },

    /**
     * POST /api/admin/2fa/enable: the pending secret's code turns the factor on. Answers the
     * recovery codes (only their hashes are kept); the admin's other sessions end. The current
     * password is needed too (a session alone cannot enrol). It is not a
     * step-up: section 11 counts the sign-in's code and POST /api/auth/step-up only.
     */
    async enable(
      who: Who,
      input: { code: string; currentPassword: string },
      ctx: RequestContext,
    ): Promise<string[]> {
      const { code } = input;
      const row = await enrolled(who.id);
      if (row.totpEnabledAt) throw conflict('Two-step sign-in is already on.');
      const pending = row.totpPendingSecret;
      if (!pending) throw conflict('Start the set-up first: no QR code is waiting for its code.');
      // The password first: a stolen session cannot put the thief's phone on the account.
      await accounts.confirmTwoFactorEnrolment(
        { id: who.id, type: 'admin' },
        input.currentPassword,
        ctx,
      );
      const now = clock();
      const step = matchingTotpStep(pending, code, now);
      if (step === null) {
        await recordAudit(db, ctx, {
          action: 'admin.2fa.enable_failed',
          resource: 'admin',
          resourceId: who.id,
          details: { reason: 'wrong code' },
        });
        const message =
          'That code is not right. Check that the app shows InsightLab and enter its current code.';
        throw badRequest(message, { code: message });
      }
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        if (!(await enableWithPendingSecret(tx, who.id, pending, step, now)))
          throw conflict(
            'The set-up was started again meanwhile (another tab?): scan the new QR code and try again.',
          );
        await replaceRecoveryCodes(
          tx,
          who.id,
          codes.map((c) => hashRecoveryCode(who.id, c)),
        );
        await deleteUserSessions(tx, { id: who.id, type: 'admin' }, who.sessionIdHash);
        await recordAudit(tx, ctx, {
          action: 'admin.2fa.enable',
          resource: 'admin',
          resourceId: who.id,
          details: { recoveryCodes: codes.length },
        });
      });
      return codes.map(formatRecoveryCode);
    },

    /**
     * DELETE /api/admin/2fa: a TOTP or recovery code turns the factor off; the admin's other
     * sessions end. Wrong codes count on the session like step-up's.
     */
    async disable(who: Who, code: string, ctx: RequestContext): Promise<void> {
      const now = clock();
      const row = await enrolled(who.id);
      if (!row.totpEnabledAt) throw conflict('Two-step sign-in is not on.');
      const method = await useSecondFactorCode(db, row, code, now);
      if (!method) return wrongCodeOnSession(who, ctx, 'admin.2fa.disable_failed');
      await db.transaction(async (tx) => {
        if (method === 'recovery') await auditRecoveryCodeUsed(tx, ctx, who.id, 'disable');
        await clearTwoFactor(tx, who.id);
        await deleteUserSessions(tx, { id: who.id, type: 'admin' }, who.sessionIdHash);
        await clearSessionStepUp(tx, who.sessionIdHash);
        await recordAudit(tx, ctx, {
          action: 'admin.2fa.disable',
          resource: 'admin',
          resourceId: who.id,
          details: { method },
        });
      });
    },

    /**
     * POST /api/auth/step-up: a right code marks this session stepped up now; the fifth wrong
     * one on the session ends it. An admin who has not enrolled is told to (403).
     */
    async stepUp(who: Who, code: string, ctx: RequestContext): Promise<void> {
      const now = clock();
      const row = await enrolled(who.id);
      if (!row.totpEnabledAt) throw enrolRequired();
      const method = await useSecondFactorCode(db, row, code, now);
      if (!method) return wrongCodeOnSession(who, ctx, 'auth.step_up.failure');
      await db.transaction(async (tx) => {
        await markSessionSteppedUp(tx, who.sessionIdHash, now);
        if (method === 'recovery') await auditRecoveryCodeUsed(tx, ctx, who.id, 'step-up');
        await recordAudit(tx, ctx, {
          action: 'auth.step_up',
          resource: 'admin',
          resourceId: who.id,
          details: { method },
        });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
