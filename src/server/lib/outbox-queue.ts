import { and, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/**
 * The queue columns every outbox table shares (mail_outbox, sms_outbox), and the pieces of
 * the statements that move a row through pending -> sending -> sent | failed. Each outbox's
 * repo builds its own statements from them, so the two queues cannot drift apart.
 */
export type QueueColumns = {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
  lockedBy: PgColumn;
};

/** One worker's hold on a row it claimed. */
export type Claim = { id: string; workerId: string };

/**
 * Due: pending and its time has come, or claimed by a worker whose lock has expired (it
 * stopped mid-send; sent again, hence at least once).
 */
export function isDue(t: QueueColumns): SQL | undefined {
  return or(
    and(eq(t.status, 'pending'), lte(t.nextAttemptAt, sql`now()`)),
    and(eq(t.status, 'sending'), lt(t.lockedUntil, sql`now()`)),
  );
}

/** What a claim writes: the row is this worker's for `lockSeconds`, and one attempt more. */
export function claimedBy(t: QueueColumns, workerId: string, lockSeconds: number) {
  return {
    status: 'sending' as const,
    lockedUntil: sql`now() + (${lockSeconds}::integer * interval '1 second')`,
    lockedBy: workerId,
    attempts: sql`${t.attempts} + 1`,
  };
}

/** Only the worker that holds the claim may finish the row; a reclaimed row belongs to its new worker. */
export function ownClaim(t: QueueColumns, { id, workerId }: Claim): SQL | undefined {
  return and(eq(t.id, id), eq(t.lockedBy, workerId), eq(t.status, 'sending'));
}

const released = { lockedUntil: null, lockedBy: null };

export const sentNow = () => ({
  status: 'sent' as const,
  sentAt: sql`now()`,
  lastError: null,
  ...released,
});

export const givenUp = (lastError: string) => ({
  status: 'failed' as const,
  lastError,
  ...released,
});

export const dueLater = (lastError: string, delaySeconds: number) => ({
  status: 'pending' as const,
  nextAttemptAt: sql`now() + (${delaySeconds}::integer * interval '1 second')`,
  lastError,
  ...released,
});

/** A failed row back to pending, due now, with a fresh count of attempts (an admin's retry). */
export const requeued = () => ({
  status: 'pending' as const,
  attempts: 0,
  nextAttemptAt: sql`now()`,
  ...released,
});

/** The guard of a retry: only a failed row moves. */
export function isFailedRow(t: QueueColumns, id: string): SQL | undefined {
  return and(eq(t.id, id), eq(t.status, 'failed'));
}

/**
 * Claims up to `limit` due rows of an outbox table in one statement. SKIP LOCKED makes
 * concurrent workers (several instances on one PostgreSQL) take disjoint rows; a row whose
 * lock has expired is due again (at least once).
 */
export async function claimDueRows<T extends PgTable & QueueColumns>(
  db: DbOrTx,
  table: T,
  claim: { workerId: string; limit: number; lockSeconds: number },
): Promise<T['$inferSelect'][]> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(isDue(table))
    .orderBy(table.nextAttemptAt)
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  // Drizzle cannot type `set` and `returning` for any table with these columns; the
  // columns named are the QueueColumns every outbox has.
  const rows = await db
    .update(table as PgTable)
    .set(claimedBy(table, claim.workerId, claim.lockSeconds) as never)
    .where(inArray(table.id, due))
    .returning();
  return rows as T['$inferSelect'][];
}
