import { pipeline, Readable } from 'node:stream';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, earnings, participants, payments, studies } from '../../db/schema/index';
import type { Earnings } from '../../../shared/schemas/participants';
import { notFound } from '../../lib/app-error';
import { csvStream, phoneDigits } from '../../lib/csv';
import { redactedDbError } from '../../lib/db-errors';
import {
  afterMicroCursor,
  decodeMicroCursor,
  encodeMicroCursor,
  microText,
  newestFirst as newestFirstBy,
  type MicroCursor,
} from '../../lib/keyset-cursor';
import { likePattern } from '../../lib/pagination';
import { toE164 } from '../../../shared/phone';
import { toEarnings, toParticipant } from './participants.mapper';

/**
 * On the stored, lower-cased search_text and its trigram index (migration 0004). A whole
 * phone number typed as people do (`0712 345 678`, `2547…`) is looked up in E.164, the
 * one form phones are stored in.
 */
function searchFilter(search: string | undefined): SQL | undefined {
  const typed = search?.trim();
  if (!typed) return undefined;
  const term = toE164(typed) ?? typed;
  return sql`${participants.searchText} LIKE ${likePattern(term)}`;
}

/**
 * Rows after the cursor (to the microsecond), as one row comparison: PostgreSQL turns it
 * into a range of participants_created_at_idx, so a deep page costs what the first one does.
 */
const after = (cursor: MicroCursor | undefined) =>
  afterMicroCursor(participants.createdAt, participants.id, cursor);

/** Newest first, NULLS LAST as in participants_created_at_idx: a bare DESC (NULLS FIRST) cannot use it. */
const newestFirst = newestFirstBy(participants.createdAt, participants.id);

const EXPORT_BATCH = 1000;

/**
 * Rows as a CSV stream joined with `pipeline`, so that every failure has a handler. A
 * database error mid-export destroys this response only (the download ends truncated,
 * or answers 503 before the first byte), redacted to the driver's code and message, and
 * is logged once by the route (`sendCsv`) or the error handler; a client that goes away
 * stops the row source. With `.pipe()` the source's error had no listener and ended the
 * process.
 */
export function csvFromRows(
  header: string[],
  rows: AsyncIterable<unknown[]> | Iterable<unknown[]>,
): Readable {
  async function* redacted() {
    try {
      yield* rows;
    } catch (error) {
      throw redactedDbError(error);
    }
  }
  // The route listens for the result's error and logs it: the callback has nothing to add.
  return pipeline(Readable.from(redacted()), csvStream(header), () => {});
}

export function createParticipantsAdmin({ db }: { db: Db }) {
  return {
    /** Newest first, searchable on the server, keyset-paginated. */
    async list(query: { search?: string | undefined; limit: number; cursor?: string | undefined }) {
      const filter = searchFilter(query.search);
      const rows = await db
        .select({ row: participants, cursorAt: microText(participants.createdAt) })
        .from(participants)
        .where(and(filter, after(decodeMicroCursor(query.cursor))))
        .orderBy(...newestFirst)
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(participants)
        .where(filter);
      return {
        participants: page.map((r) => toParticipant(r.row)),
        nextCursor:
          rows.length > query.limit && last ? encodeMicroCursor(last.cursorAt, last.row.id) : null,
        total,
      };
    },

    /**
     * participants.csv (spec columns), produced a batch at a time as the client
     * reads it: memory stays flat whatever the number of participants.
     */
    exportCsv(search?: string): Readable {
      let cursor: MicroCursor | undefined;
      const filter = searchFilter(search);
      async function* rows() {
        for (;;) {
          const batch = await db
            .select({ p: participants, cursorAt: microText(participants.createdAt) })
            .from(participants)
            .where(and(filter, after(cursor)))
            .orderBy(...newestFirst)
            .limit(EXPORT_BATCH);
          for (const { p } of batch) {
            yield [
              `${p.firstName} ${p.lastName}`,
              p.email,
              phoneDigits(p.phone),
              p.location ?? '',
              p.age ?? '',
              p.occupation ?? '',
              p.createdAt.toISOString().slice(0, 10),
            ];
          }
          if (batch.length < EXPORT_BATCH) return;
          const last = batch[batch.length - 1]!;
          cursor = { at: last.cursorAt, id: last.p.id };
        }
      }
      return csvFromRows(
        ['Name', 'Email', 'Phone', 'Location', 'Age', 'Occupation', 'Joined'],
        rows(),
      );
    },

    /** A study's payment list (spec section 9): completed participants, hours, rate, total, date. */
    async studyPaymentsCsv(studyId: string): Promise<{ title: string; stream: Readable }> {
      const [study] = await db.select().from(studies).where(eq(studies.id, studyId)).limit(1);
      if (!study) throw notFound('Test not found');
      const rows = await db
        .select({
          firstName: participants.firstName,
          lastName: participants.lastName,
          email: participants.email,
          phone: participants.phone,
          hoursWorked: applications.hoursWorked,
          completedAt: applications.completedAt,
          amount: payments.amount,
        })
        .from(applications)
        .innerJoin(participants, eq(participants.id, applications.participantId))
        .leftJoin(payments, eq(payments.applicationId, applications.id))
        .where(and(eq(applications.testId, studyId), eq(applications.status, 'completed')))
        .orderBy(desc(applications.completedAt));
      const header = [
        'Participant',
        'Email',
        'Phone',
        'Hours worked',
        'Rate (KES/hour)',
        'Total payment (KES)',
        'Completion date',
      ];
      const records = rows.map((r) => [
        `${r.firstName} ${r.lastName}`,
        r.email,
        phoneDigits(r.phone),
        r.hoursWorked ?? '',
        study.payRate,
        r.amount ?? '',
        r.completedAt?.toISOString().slice(0, 10) ?? '',
      ]);
      return { title: study.title, stream: csvFromRows(header, records) };
    },

    /** One participant's earnings for the admin's detail view; zeros before any payment. */
    async earningsOf(participantId: string): Promise<Earnings> {
      const [row] = await db
        .select({ earnings })
        .from(participants)
        .leftJoin(earnings, eq(earnings.participantId, participants.id))
        .where(eq(participants.id, participantId))
        .limit(1);
      if (!row) throw notFound('Participant not found');
      return toEarnings(row.earnings);
    },
  };
}
export type ParticipantsAdmin = ReturnType<typeof createParticipantsAdmin>;
