import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { admins, participants, sessions } from '../../db/schema/index';
import type { UserType } from '../../../shared/schemas/options';
import type { Account } from './users.repo';

export const SESSION_POLICY = {
  participant: { slidingMs: 14 * 24 * 3600_000 },
  admin: { absoluteMs: 12 * 3600_000, idleMs: 3600_000 },
  /** Sliding renewals are written at most this often, not on every request. */
  touchEveryMs: 60_000,
} as const;

export type SessionRow = typeof sessions.$inferSelect;

export function initialExpiry(userType: UserType, now: Date): Date {
  return userType === 'admin'
    ? new Date(now.getTime() + SESSION_POLICY.admin.idleMs)
    : new Date(now.getTime() + SESSION_POLICY.participant.slidingMs);
}

/** The renewed expiry after activity at `now`: sliding for participants, idle-within-absolute for admins. */
export function renewedExpiry(row: Pick<SessionRow, 'userType' | 'createdAt'>, now: Date): Date {
  if (row.userType === 'admin') {
    const absolute = row.createdAt.getTime() + SESSION_POLICY.admin.absoluteMs;
    return new Date(Math.min(absolute, now.getTime() + SESSION_POLICY.admin.idleMs));
  }
  return new Date(now.getTime() + SESSION_POLICY.participant.slidingMs);
}

export async function insertSession(
  db: DbOrTx,
  values: {
    idHash: string;
    userId: string;
    userType: UserType;
    ip: string;
    userAgent?: string;
    /** A second-factor code was entered with the sign-in (decisions.md section 11). */
    stepUpAt?: Date;
  },
): Promise<SessionRow> {
  const now = new Date();
  const [row] = await db
    .insert(sessions)
    .values({
      idHash: values.idHash,
      userId: values.userId,
      userType: values.userType,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: initialExpiry(values.userType, now),
      ipAddress: values.ip.slice(0, 64),
      userAgent: values.userAgent?.slice(0, 512) ?? null,
      stepUpAt: values.stepUpAt ?? null,
    })
    .returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

/** The session lookup, built once per database (decision 040). */
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({ session: sessions, admin: admins, participant: participants })
    .from(sessions)
    .leftJoin(admins, and(eq(sessions.userType, 'admin'), eq(admins.id, sessions.userId)))
    .leftJoin(
      participants,
      and(eq(sessions.userType, 'participant'), eq(participants.id, sessions.userId)),
    )
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), sql`${sessions.expiresAt} > now()`))
    .limit(1)
    .prepare('find_live_session'),
);

/**
 * A session that has not expired, with the account it belongs to (undefined when that
 * account is gone): one round trip for every signed-in request. The query is prepared
 * once per database: building its SQL (three tables, every column) cost a signed-in read
 * more CPU than the database did, in a profile under 50 connections (decision 040).
 */
export async function findLiveSession(
  db: Db,
  idHash: string,
): Promise<{ session: SessionRow; account: Account | undefined } | undefined> {
  const [row] = await liveSessionQuery(db).execute({ idHash });
  if (!row) return undefined;
  const account: Account | undefined = row.admin
    ? { type: 'admin', row: row.admin }
    : row.participant
      ? { type: 'participant', row: row.participant }
      : undefined;
  return { session: row.session, account };
}

export async function touchSession(db: Db, idHash: string, lastSeenAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user, except `keepIdHash` when given (the one making the change). */
export async function deleteUserSessions(
  db: DbOrTx,
  user: { id: string; type: UserType },
  keepIdHash?: string,
) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        eq(sessions.userType, user.type),
        keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined,
      ),
    );
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
