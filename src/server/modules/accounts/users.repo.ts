import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { admins, participants } from '../../db/schema/index';
import type { UserType } from '../../../shared/schemas/options';

export type ParticipantRow = typeof participants.$inferSelect;
export type AdminRow = typeof admins.$inferSelect;

/** An account of either kind, with what sign-in and password changes need. */
export type Account =
  { type: 'participant'; row: ParticipantRow } | { type: 'admin'; row: AdminRow };

export function tableOf(type: UserType) {
  return type === 'admin' ? admins : participants;
}

export async function findAccountById(
  db: DbOrTx,
  type: UserType,
  id: string,
): Promise<Account | undefined> {
  if (type === 'admin') {
    const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
    return row ? { type, row } : undefined;
  }
  const [row] = await db.select().from(participants).where(eq(participants.id, id)).limit(1);
  return row ? { type, row } : undefined;
}

/** Sign-in looks for a participant first, then an admin by e-mail or username (both are e-mails). */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<Account | undefined> {
  const normalised = email.trim().toLowerCase();
  const [participant] = await db
    .select()
    .from(participants)
    .where(sql`lower(${participants.email}) = ${normalised}`)
    .limit(1);
  if (participant) return { type: 'participant', row: participant };
  const [admin] = await db
    .select()
    .from(admins)
    .where(
      or(
        sql`lower(${admins.email}) = ${normalised}`,
        sql`lower(${admins.username}) = ${normalised}`,
      ),
    )
    .limit(1);
  return admin ? { type: 'admin', row: admin } : undefined;
}

/**
 * True when any account, participant or admin, already uses this e-mail. Participants
 * and admins live in two tables, so no unique index spans them: called inside the
 * transaction that then stores the e-mail, it first takes a transaction lock on the
 * e-mail, so a second writer of the same address waits for the first to commit and then
 * sees its row (two sign-ups, or a sign-up racing an admin creation, never both win).
 */
export async function emailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const normalised = email.trim().toLowerCase();
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${normalised}, 0))`);
  return (await findAccountByEmail(db, email)) !== undefined;
}

/**
 * True when a participant already has this phone (E.164, as the phone field answers it).
 * Admins' phones are not checked against participants' (decisions.md section 8).
 */
export async function phoneInUse(db: DbOrTx, phone: string): Promise<boolean> {
  const [p] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.phone, phone))
    .limit(1);
  return p !== undefined;
}

/**
 * Sign-in failures are counted per e-mail and address in auth_failures (auth-failures.repo.ts).
 * Answers whether the participant is blocked as the row stands once this update holds its
 * lock: a block committed since the password was checked is seen, and a block still running
 * waits for the sign-in's transaction and then ends the session it wrote.
 */
export async function recordSuccessfulSignIn(
  db: DbOrTx,
  type: UserType,
  id: string,
): Promise<{ blocked: boolean }> {
  const signedIn = { loginAttempts: 0, lockedUntil: null, lastLoginAt: sql`now()` };
  if (type === 'participant') {
    const [row] = await db
      .update(participants)
      .set(signedIn)
      .where(eq(participants.id, id))
      .returning({ blockedAt: participants.blockedAt });
    return { blocked: row !== undefined && row.blockedAt !== null };
  }
  const table = tableOf(type);
  await db.update(table).set(signedIn).where(eq(table.id, id));
  return { blocked: false };
}

/** Stores a new participant; the unique indexes settle a race between two identical sign-ups. */
export async function insertParticipant(
  db: DbOrTx,
  values: typeof participants.$inferInsert,
): Promise<ParticipantRow> {
  const [row] = await db.insert(participants).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

export async function setResetToken(
  db: DbOrTx,
  who: { id: string; type: UserType },
  tokenHash: string | null,
  expires: Date | null,
) {
  const table = tableOf(who.type);
  await db
    .update(table)
    .set({ passwordResetToken: tokenHash, passwordResetExpires: expires })
    .where(eq(table.id, who.id));
}

export async function setPasswordHash(
  db: DbOrTx,
  who: { id: string; type: UserType },
  passwordHash: string,
) {
  const table = tableOf(who.type);
  await db.update(table).set({ passwordHash }).where(eq(table.id, who.id));
}

/**
 * Sets the password of the active account of `type` holding this unexpired reset token and
 * clears the token, in the one statement that checks it (single use).
 */
export async function resetPasswordWithToken(
  db: DbOrTx,
  type: UserType,
  tokenHash: string,
  passwordHash: string,
): Promise<{ id: string; email: string } | undefined> {
  const table = tableOf(type);
  const [row] = await db
    .update(table)
    .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null })
    .where(
      and(
        eq(table.passwordResetToken, tokenHash),
        sql`${table.passwordResetExpires} > now()`,
        eq(table.isActive, true),
      ),
    )
    .returning({ id: table.id, email: table.email });
  return row;
}
