import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { countWithin, roughly } from '../../db/counting';
import {
  applications,
  participants,
  studies,
  studySessions,
  waitlistEntries,
} from '../../db/schema/index';
import { PLACE_TAKING_STATUSES } from '../../../shared/rules/capacity';
import type { ApplicationListQuery } from '../../../shared/schemas/applications';
import type { ApplicationStatus } from '../../../shared/schemas/options';
import type { Answers } from '../../../shared/schemas/recruiting';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import { participantSearch } from '../participants/participants.repo';
import { reliabilityColumns } from '../sessions/sessions.repo';
import { preparedPerDatabase } from '../../db/prepared';

export type ApplicationRow = typeof applications.$inferSelect;

/** The rule of src/shared/rules/capacity.ts as SQL: applications that hold a place. */
function holdsPlace(): SQL {
  return inArray(applications.status, [...PLACE_TAKING_STATUSES]);
}

/**
 * Places taken in a study, as a scalar subquery: `studyId` is a value or a column of an
 * outer query (correlated). Served by applications_test_status_idx (test_id, status).
 */
export function placesTakenIn(studyId: SQLWrapper | string): SQL<number> {
  return sql<number>`(SELECT count(*)::int FROM ${applications} WHERE ${applications.testId} = ${studyId} AND ${holdsPlace()})`;
}

export async function countPlacesTaken(tx: DbOrTx, studyId: string): Promise<number> {
  const [row] = await tx
    .select({ taken: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.testId, studyId), holdsPlace()));
  return row?.taken ?? 0;
}

/** Writes the places taken into the study row (its `currentParticipants`), in the caller's transaction. */
export async function refreshPlacesTaken(tx: DbOrTx, studyId: string): Promise<void> {
  await tx
    .update(studies)
    .set({ currentParticipants: placesTakenIn(studyId) })
    .where(eq(studies.id, studyId));
}

export async function findApplication(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

/** Locks the application; take the study's lock first (studies.repo `lockStudy`). */
export async function lockApplication(tx: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

/** Whether the participant already has an application to the study (any status). */
export async function hasApplied(
  tx: DbOrTx,
  participantId: string,
  testId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.participantId, participantId), eq(applications.testId, testId)))
    .limit(1);
  return row !== undefined;
}

export async function insertApplication(
  tx: DbOrTx,
  values: {
    participantId: string;
    testId: string;
    screening: string | null;
    answers?: Answers | null;
    status?: 'interested' | 'disqualified';
  },
): Promise<ApplicationRow> {
  const [row] = await tx.insert(applications).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING answered no row');
  return row;
}

/** Moves the application: who reviewed it and when, and the time of the step it reached. */
export async function updateApplicationStatus(
  tx: DbOrTx,
  id: string,
  change: {
    status: ApplicationStatus;
    reviewedBy: string | null;
    hoursWorked?: string;
    feedback?: string | undefined;
    rating?: number | undefined;
  },
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({
      status: change.status,
      reviewedBy: change.reviewedBy,
      reviewedAt: sql`now()`,
      ...(change.status === 'scheduled' ? { scheduledAt: sql`now()` } : {}),
      ...(change.status === 'completed'
        ? { completedAt: sql`now()`, hoursWorked: change.hoursWorked }
        : {}),
      ...(change.feedback !== undefined ? { feedback: change.feedback } : {}),
      ...(change.rating !== undefined ? { rating: change.rating } : {}),
    })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('UPDATE of a locked application answered no row');
  return row;
}

/** A participant's own applications with their studies, booked sessions and places in line, newest first. */
const ownApplicationsQuery = preparedPerDatabase((db) =>
  db
    .select({
      application: applications,
      study: studies,
      session: studySessions,
      waitlist: waitlistEntries,
      waitlistPosition: sql<
        number | null
      >`CASE WHEN ${waitlistEntries.status} = 'waiting' THEN (SELECT count(*)::int FROM waitlist_entries AS ahead WHERE ahead.test_id = ${waitlistEntries.testId} AND ahead.status = 'waiting' AND (ahead.created_at, ahead.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})) END`,
    })
    .from(applications)
    .innerJoin(studies, eq(studies.id, applications.testId))
    .leftJoin(studySessions, eq(studySessions.id, applications.sessionId))
    .leftJoin(
      waitlistEntries,
      and(
        eq(waitlistEntries.applicationId, applications.id),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .where(eq(applications.participantId, sql.placeholder('participantId')))
    .orderBy(...newestFirst(applications.appliedAt, applications.id))
    .prepare('list_own_applications'),
);

export async function listOwnApplications(db: DbOrTx, participantId: string) {
  return ownApplicationsQuery(db).execute({ participantId });
}

export type OwnApplicationRow = Awaited<ReturnType<typeof listOwnApplications>>[number];

export type AdminApplicationFilter = Pick<
  ApplicationListQuery,
  'status' | 'testId' | 'search' | 'answer'
>;

/**
 * Applicants who chose `optionId` for `questionId`: a single answer is stored as the
 * option id, a multiple one as a list of them. Both are jsonb containment, which the GIN
 * index applications_answers_idx serves; within one study (`testId`), the containment is
 * of the answers nested under the study's id, which applications_study_answers_idx serves
 * (that study's rows with that answer, and no others: decision 044).
 */
export function choseOption(
  answer: { questionId: string; optionId: string },
  testId?: string,
  answers: SQLWrapper = applications.answers,
): SQL {
  const { questionId, optionId } = answer;
  if (testId !== undefined) {
    const nested = (chosen: unknown) => JSON.stringify({ [testId]: { [questionId]: chosen } });
    const byStudy = sql`jsonb_set('{}'::jsonb, ARRAY[${applications.testId}::text], ${applications.answers})`;
    return sql`(${applications.answers} IS NOT NULL AND (${byStudy} @> ${nested(optionId)}::jsonb OR ${byStudy} @> ${nested([optionId])}::jsonb))`;
  }
  const single = JSON.stringify({ [questionId]: optionId });
  const multi = JSON.stringify({ [questionId]: [optionId] });
  return sql`(${answers} @> ${single}::jsonb OR ${answers} @> ${multi}::jsonb)`;
}

/**
 * How one study's answer filter is asked (decision 044): `answers`, on every study's answer
 * index (the planner estimates it well from the answers' statistics), or `study`, on the
 * index of answers nested under the study's id (exactly that study's rows with that
 * answer, but estimated blindly, at 1 %).
 */
type AnswerIndex = 'answers' | 'study' | 'none';

function adminFilter(
  filter: AdminApplicationFilter,
  answerIndex: AnswerIndex = 'answers',
): SQL | undefined {
  return and(
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.testId ? eq(applications.testId, filter.testId) : undefined,
    filter.answer && answerIndex !== 'none'
      ? choseOption(filter.answer, answerIndex === 'study' ? filter.testId : undefined)
      : undefined,
    participantSearch(filter.search),
  );
}

/**
 * Every matching application for admins, newest first, in one query: the study and the
 * person joined, the study's scheduled count read from the (test_id, status) index. With
 * `limit`, that many rows after `cursor`.
 */
export function listAdminApplications(
  db: DbOrTx,
  filter: AdminApplicationFilter,
  noShowWindowStart: Date,
  page?: { limit: number; cursor: MicroCursor | undefined },
  how: { answerIndex?: AnswerIndex; within?: SQL } = {},
) {
  const list = db
    .select({
      application: applications,
      study: studies,
      participant: {
        id: participants.id,
        firstName: participants.firstName,
        lastName: participants.lastName,
        email: participants.email,
        phone: participants.phone,
      },
      session: studySessions,
      ...reliabilityColumns(applications.participantId, noShowWindowStart),
      scheduledCount: sql<number>`(SELECT count(*)::int FROM applications AS same_study WHERE same_study.test_id = ${applications.testId} AND same_study.status = 'scheduled')`,
      cursorAt: microText(applications.appliedAt),
    })
    .from(applications)
    .innerJoin(studies, eq(studies.id, applications.testId))
    .leftJoin(participants, eq(participants.id, applications.participantId))
    .leftJoin(studySessions, eq(studySessions.id, applications.sessionId))
    .where(
      and(
        adminFilter(filter, how.answerIndex),
        afterMicroCursor(applications.appliedAt, applications.id, page?.cursor),
        how.within,
      ),
    )
    .orderBy(...newestFirst(applications.appliedAt, applications.id));
  return page ? list.limit(page.limit) : list;
}

/** How many of a study's next applications a page by answer reads before it asks the index. */
export const ANSWER_WALK_ROWS = 1_000;

/**
 * A page of one study's applicants by answer (decision 044), read in two ways as the answer
 * is common or rare, since no statistics tell the planner which:
 * 1. among the study's next ANSWER_WALK_ROWS applications in list order (a range of its
 *    order index): a common answer fills the page there;
 * 2. else through the index of answers nested under the study's id, which holds that
 *    answer's rows only: few, for an answer that did not fill the page in (1).
 * Either way the page is the same rows (the walk is a prefix of the list's order).
 * Any other filter is one query.
 */
export async function listAdminApplicationsPage(
  db: DbOrTx,
  filter: AdminApplicationFilter,
  noShowWindowStart: Date,
  page: { limit: number; cursor: MicroCursor | undefined },
  walkRows = ANSWER_WALK_ROWS,
) {
  if (!filter.testId || !filter.answer)
    return listAdminApplications(db, filter, noShowWindowStart, page);
  const next = db
    .select({ id: applications.id, answers: applications.answers })
    .from(applications)
    .where(
      and(
        eq(applications.testId, filter.testId),
        afterMicroCursor(applications.appliedAt, applications.id, page.cursor),
      ),
    )
    .orderBy(...newestFirst(applications.appliedAt, applications.id))
    .limit(walkRows)
    .as('next_in_study');
  // The answer is checked on the walked rows only: asked of the whole table, the planner
  // would reach for every study's answer index instead.
  const chosen = db
    .select({ id: next.id })
    .from(next)
    .where(choseOption(filter.answer, undefined, next.answers));
  const walked = await listAdminApplications(db, filter, noShowWindowStart, page, {
    answerIndex: 'none',
    within: inArray(applications.id, chosen),
  });
  if (walked.length >= page.limit) return walked;
  return listAdminApplications(db, filter, noShowWindowStart, page, { answerIndex: 'study' });
}
export type AdminApplicationRow = Awaited<ReturnType<typeof listAdminApplications>>[number];

export async function countAdminApplications(
  db: DbOrTx,
  filter: AdminApplicationFilter,
  answerIndex: AnswerIndex = 'answers',
): Promise<number> {
  const [row] = await matchingApplications(
    db,
    { total: sql<number>`count(*)::int` },
    filter,
    answerIndex,
  );
  return row?.total ?? 0;
}

/** The applications of `filter`, selecting `fields` (the search joins the people). */
function matchingApplications<F extends SelectedFields>(
  db: DbOrTx,
  fields: F,
  filter: AdminApplicationFilter,
  answerIndex: AnswerIndex = 'answers',
) {
  const query = db.select(fields).from(applications).$dynamic();
  if (filter.search?.trim())
    query.innerJoin(participants, eq(participants.id, applications.participantId));
  return query.where(adminFilter(filter, answerIndex));
}

/**
 * The list's total (docs/decisions/037-counts-at-scale.md): exact when small and quick,
 * else the planner's estimate, rounded, and said to be one.
 */
export function countAdminApplicationsWithin(
  db: Db,
  filter: AdminApplicationFilter,
): Promise<{ value: number; estimated: boolean }> {
  return countWithin(db, {
    // Estimated as every study's answer index is (its statistics know the answers), counted
    // through the study's own (decision 044).
    size: matchingApplications(db, { one: sql`1` }, filter),
    exact: (tx) => countAdminApplications(tx, filter, filter.testId ? 'study' : 'answers'),
    estimate: roughly,
  });
}
