import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { countWithin, plannedRows, roughly } from '../../db/counting';
import {
  applications,
  invitations,
  mailOutbox,
  participants,
  smsOutbox,
} from '../../db/schema/index';
import type { Language } from '../../../shared/i18n/languages';
import type { StoredCriteria } from '../../../shared/schemas/recruiting';
import { eligibleFor } from './eligibility.repo';

/**
 * Matching and inviting (decisions.md section 10, docs/decisions/036-recruiting.md), set
 * by set: every count and every write is one statement, whatever the number of people.
 */

export type MatchScope = {
  testId: string;
  criteria: StoredCriteria;
  /** Nairobi's date today (nairobiToday). */
  today: string;
  /** Invited at or after this moment: still in the contact cooldown. */
  cooldownStart: Date;
};

/** Eligible and not applied to the study (any status). */
function matching(scope: MatchScope): SQL {
  return and(
    eligibleFor(scope.criteria, scope.today),
    sql`NOT EXISTS (SELECT 1 FROM ${applications} WHERE ${applications.participantId} = ${participants.id} AND ${applications.testId} = ${scope.testId})`,
  )!;
}

const invitedHere = (testId: string) =>
  sql`EXISTS (SELECT 1 FROM ${invitations} WHERE ${invitations.participantId} = ${participants.id} AND ${invitations.testId} = ${testId})`;

/** Outside the cooldown: never invited, or last invited before it began. */
const rested = (cooldownStart: Date) =>
  sql`(${participants.lastInvitedAt} IS NULL OR ${participants.lastInvitedAt} < ${cooldownStart.toISOString()}::timestamptz)`;

/** Invitable: matching, opted in, not invited to this study, outside the cooldown. */
function invitable(scope: MatchScope): SQL {
  return and(
    matching(scope),
    // The first three are the partial index participants_invitable_idx's predicate.
    eq(participants.inviteOptIn, true),
    sql`NOT ${invitedHere(scope.testId)}`,
    rested(scope.cooldownStart),
  )!;
}

export type MatchCounts = {
  total: number;
  optedOut: number;
  alreadyInvited: number;
  cooldown: number;
  invitable: number;
};

/**
 * Among the eligible who have not applied: how many there are, and why those who cannot
 * be invited cannot (each counted once, in this order: opted out, already invited to this
 * study, in the cooldown).
 */
export async function countMatches(db: DbOrTx, scope: MatchScope): Promise<MatchCounts> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      optedOut: sql<number>`(count(*) FILTER (WHERE NOT ${participants.inviteOptIn}))::int`,
      alreadyInvited: sql<number>`(count(*) FILTER (WHERE ${participants.inviteOptIn} AND ${invitedHere(scope.testId)}))::int`,
      cooldown: sql<number>`(count(*) FILTER (WHERE ${participants.inviteOptIn} AND NOT ${invitedHere(scope.testId)} AND NOT ${rested(scope.cooldownStart)}))::int`,
    })
    .from(participants)
    .where(matching(scope));
  const total = Number(row?.total ?? 0);
  const optedOut = Number(row?.optedOut ?? 0);
  const alreadyInvited = Number(row?.alreadyInvited ?? 0);
  const cooldown = Number(row?.cooldown ?? 0);
  return {
    total,
    optedOut,
    alreadyInvited,
    cooldown,
    invitable: total - optedOut - alreadyInvited - cooldown,
  };
}

/**
 * GET /matches' two counts (docs/decisions/037-counts-at-scale.md): exact when small and
 * quick, else the planner's estimates of the eligible and of the invitable, rounded.
 */
export function countMatchesWithin(
  db: Db,
  scope: MatchScope,
): Promise<{ value: { total: number; invitable: number }; estimated: boolean }> {
  const rowsWhere = (where: SQL) =>
    db
      .select({ one: sql`1` })
      .from(participants)
      .where(where);
  return countWithin(db, {
    size: rowsWhere(matching(scope)),
    exact: async (tx) => {
      const { total, invitable } = await countMatches(tx, scope);
      return { total, invitable };
    },
    estimate: async (planned) => {
      const invitableRows = await plannedRows(db, rowsWhere(invitable(scope)));
      return { total: roughly(planned), invitable: roughly(Math.min(planned, invitableRows)) };
    },
  });
}

export type InvitedPerson = {
  id: string;
  firstName: string;
  email: string;
  phone: string;
  language: Language;
};

/**
 * Invites up to `limit` invitable participants, least recently invited first, in two
 * statements whatever their number. The first picks them, locking their rows, so an
 * invitation to another study at the same time cannot pass the cooldown; it ends before
 * the second writes, so the check "not invited to this study" never walks the rows being
 * written. The second writes their invitations (the unique (test_id, participant_id) drops
 * anyone invited meanwhile) and stamps `last_invited_at`, answering the people invited.
 * Run it with the study row locked.
 */
export async function inviteParticipants(
  tx: DbOrTx,
  scope: MatchScope & { limit: number; invitedBy: string | null; now: Date },
): Promise<InvitedPerson[]> {
  const picked = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(invitable(scope))
    .orderBy(sql`${participants.lastInvitedAt} ASC NULLS FIRST`, participants.id)
    .limit(scope.limit)
    .for('update');
  if (picked.length === 0) return [];
  const at = scope.now.toISOString();
  const result = await tx.execute(sql`
    WITH written AS (
      INSERT INTO ${invitations} (test_id, participant_id, invited_by, created_at)
      SELECT ${scope.testId}::uuid, picked.value::uuid, ${scope.invitedBy}::uuid, ${at}::timestamptz
      FROM jsonb_array_elements_text(${JSON.stringify(picked.map((p) => p.id))}::jsonb) AS picked
      ON CONFLICT (test_id, participant_id) DO NOTHING
      RETURNING participant_id
    )
    UPDATE ${participants} SET last_invited_at = ${at}::timestamptz
    FROM written WHERE ${participants.id} = written.participant_id
    RETURNING ${participants.id} AS id, ${participants.firstName} AS first_name,
      ${participants.email} AS email, ${participants.phone} AS phone, ${participants.language} AS language
  `);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    id: String(r.id),
    firstName: String(r.first_name),
    email: String(r.email),
    phone: String(r.phone),
    language: r.language === 'sw' ? 'sw' : 'en',
  }));
}

/**
 * Rows per INSERT. Each chunk travels as one jsonb parameter read by jsonb_to_recordset:
 * cheaper to parse than thousands of bound parameters (about 1.6 times faster on PGlite).
 */
const CHUNK = 2500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export type OutboxMailRow = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  headers: Record<string, string>;
};

/** Queues many mails, a chunk per statement, in the caller's transaction. */
export async function insertMails(tx: DbOrTx, mails: readonly OutboxMailRow[]): Promise<void> {
  for (const chunk of chunks(mails))
    await tx.execute(sql`
      INSERT INTO ${mailOutbox} (to_address, subject, text_body, html_body, kind, headers)
      SELECT m."to", m.subject, m.text, m.html, m.kind, m.headers
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
        AS m("to" text, subject text, text text, html text, kind text, headers jsonb)`);
}

/** Queues many SMS, a chunk per statement, in the caller's transaction. */
export async function insertSmsBatch(
  tx: DbOrTx,
  messages: readonly { to: string; body: string; kind: string }[],
): Promise<void> {
  for (const chunk of chunks(messages))
    await tx.execute(sql`
      INSERT INTO ${smsOutbox} (to_phone, body, kind)
      SELECT m."to", m.body, m.kind
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS m("to" text, body text, kind text)`);
}
