import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminRecoveryCodes, admins, sessions } from '../../db/schema/index';

/** What the second factor of one admin needs; the secrets never leave the service. */
export type TwoFactorRow = {
  id: string;
  email: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
};

const twoFactorColumns = {
  id: admins.id,
  email: admins.email,
  totpSecret: admins.totpSecret,
  totpPendingSecret: admins.totpPendingSecret,
  totpEnabledAt: admins.totpEnabledAt,
  totpLastStep: admins.totpLastStep,
};

export async function findTwoFactor(
  db: DbOrTx,
  adminId: string,
): Promise<TwoFactorRow | undefined> {
  const [row] = await db
    .select(twoFactorColumns)
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1);
  return row;
}

/** Stores a new pending secret, replacing an earlier one; none while the factor is on. */
export async function storePendingSecret(
  db: DbOrTx,
  adminId: string,
  secret: string,
): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpPendingSecret: secret })
    .where(and(eq(admins.id, adminId), isNull(admins.totpEnabledAt)))
    .returning({ id: admins.id });
  return rows.length === 1;
}

/**
 * The pending secret becomes the enrolled one, `step` its first accepted step. Guarded by
 * the pending secret the code was checked against: a setup made meanwhile (another tab)
 * makes this a no-op, never an enrolment of a secret the admin did not confirm.
 */
export async function enableWithPendingSecret(
  db: DbOrTx,
  adminId: string,
  pendingSecret: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({
      totpSecret: pendingSecret,
      totpPendingSecret: null,
      totpEnabledAt: now,
      totpLastStep: step,
    })
    .where(
      and(
        eq(admins.id, adminId),
        isNull(admins.totpEnabledAt),
        eq(admins.totpPendingSecret, pendingSecret),
      ),
    )
    .returning({ id: admins.id });
  return rows.length === 1;
}

/**
 * Accepts `step` for the enrolled `secret` only if it is above the last accepted one, in
 * one statement: two requests with the same code cannot both pass.
 */
export async function claimTotpStep(
  db: DbOrTx,
  adminId: string,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(admins.id, adminId),
        isNotNull(admins.totpEnabledAt),
        eq(admins.totpSecret, secret),
        or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step)),
      ),
    )
    .returning({ id: admins.id });
  return rows.length === 1;
}

/** Turns the factor off: secrets, last step and recovery codes all go. */
export async function clearTwoFactor(db: DbOrTx, adminId: string): Promise<boolean> {
  const rows = await db
    .update(admins)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(admins.id, adminId), isNotNull(admins.totpEnabledAt)))
    .returning({ id: admins.id });
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, adminId: string, codeHashes: string[]) {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  await db.insert(adminRecoveryCodes).values(codeHashes.map((codeHash) => ({ adminId, codeHash })));
}

/** Uses up an unused recovery code in one statement (a code cannot be used twice at once). */
export async function useRecoveryCode(
  db: DbOrTx,
  adminId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, adminId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, adminId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A code was entered on this session now: step-up holds, the wrong-code count starts again. */
export async function markSessionSteppedUp(db: DbOrTx, sessionIdHash: string, at: Date) {
  await db
    .update(sessions)
    .set({ stepUpAt: at, stepUpFailures: 0 })
    .where(eq(sessions.idHash, sessionIdHash));
}

/** Counts one wrong code on the session; answers the count (0 when the session is gone). */
export async function countSessionCodeFailure(db: DbOrTx, sessionIdHash: string): Promise<number> {
  const [row] = await db
    .update(sessions)
    .set({ stepUpFailures: sql`${sessions.stepUpFailures} + 1` })
    .where(eq(sessions.idHash, sessionIdHash))
    .returning({ failures: sessions.stepUpFailures });
  return row?.failures ?? 0;
}

/** Step-up no longer holds on this session (the factor was turned off). */
export async function clearSessionStepUp(db: DbOrTx, sessionIdHash: string) {
  await db
    .update(sessions)
    .set({ stepUpAt: null, stepUpFailures: 0 })
    .where(eq(sessions.idHash, sessionIdHash));
}
