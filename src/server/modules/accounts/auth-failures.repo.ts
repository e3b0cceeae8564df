import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema/index';
import { hashToken } from './session-tokens';

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_MS = 15 * 60_000;

/** The key of an e-mail in the failure table: known or not, the same kind of key. */
export function failureKeyOf(email: string): string {
  return hashToken(`email:${email.trim().toLowerCase()}`);
}

const ipOf = (ip: string) => ip.slice(0, 64);

/** The end of a lock still running at `now` for this (key, address), or null. */
export async function activeLock(
  db: DbOrTx,
  keyHash: string,
  ip: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: authFailures.lockedUntil })
    .from(authFailures)
    .where(and(eq(authFailures.keyHash, keyHash), eq(authFailures.ip, ipOf(ip))))
    .limit(1);
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * Counts one failure in one statement (no read-then-write race between parallel guesses).
 * The 5th (or `max`-th) in a row locks the pair until `now` + 15 minutes and starts the
 * count again.
 */
export async function recordFailure(
  db: DbOrTx,
  keyHash: string,
  ip: string,
  now: Date,
  max: number = MAX_FAILED_ATTEMPTS,
): Promise<{ lockedUntil: Date | null }> {
  const lockEnd = new Date(now.getTime() + LOCKOUT_MS);
  const reachesMax = sql`${authFailures.failures} + 1 >= ${max}`;
  const [row] = await db
    .insert(authFailures)
    .values({ keyHash, ip: ipOf(ip), failures: 1, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [authFailures.keyHash, authFailures.ip],
      set: {
        failures: sql`CASE WHEN ${reachesMax} THEN 0 ELSE ${authFailures.failures} + 1 END`,
        lockedUntil: sql`CASE WHEN ${reachesMax} THEN ${lockEnd.toISOString()}::timestamptz ELSE ${authFailures.lockedUntil} END`,
        updatedAt: now,
      },
    })
    .returning({ lockedUntil: authFailures.lockedUntil });
  const lockedUntil = row?.lockedUntil ?? null;
  return { lockedUntil: lockedUntil && lockedUntil > now ? lockedUntil : null };
}

/**
 * Wrong second-factor codes of one account from every address together (the attack of many
 * addresses, each under its own 5): the 10th in a row locks code sign-ins of the account
 * for 15 minutes. Only someone who has the password can get this far.
 */
export const ANY_ADDRESS = 'second-factor codes, any address';
export const MAX_CODE_FAILURES_ANY_ADDRESS = 10;

/** A success from this address starts the count again. */
export async function clearFailures(db: DbOrTx, keyHash: string, ip: string): Promise<void> {
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.keyHash, keyHash), eq(authFailures.ip, ipOf(ip))));
}

/** A password reset proves the mailbox: every address's count and lock for it ends. */
export async function clearAllFailures(db: DbOrTx, keyHash: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.keyHash, keyHash));
}

/** Rows not touched for a day and not locked: housekeeping, run with the expired sessions. */
export async function deleteStaleFailures(db: DbOrTx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await db
    .delete(authFailures)
    .where(
      and(
        lt(authFailures.updatedAt, dayAgo),
        sql`(${authFailures.lockedUntil} IS NULL OR ${authFailures.lockedUntil} < ${now.toISOString()}::timestamptz)`,
      ),
    );
}
