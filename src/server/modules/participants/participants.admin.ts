import { Readable } from 'node:stream';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, participants, payments, studies } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import { csvStream } from '../../lib/csv';
import { decodeCursor, encodeCursor, likePattern, type Cursor } from '../../lib/pagination';
import { toParticipant } from './participants.mapper';

/** The expression the trigram index of migration 0002 is built on: keep them identical. */
const searchText = sql`lower(${participants.firstName} || ' ' || ${participants.lastName} || ' ' || ${participants.email} || ' ' || ${participants.phone} || ' ' || coalesce(${participants.location}, ''))`;

function searchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? sql`${searchText} LIKE ${likePattern(term)}` : undefined;
}

function after(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(participants.createdAt, cursor.at),
    and(eq(participants.createdAt, cursor.at), lt(participants.id, cursor.id)),
  );
}

const EXPORT_BATCH = 1000;

export function createParticipantsAdmin({ db }: { db: Db }) {
  return {
    /** Newest first, searchable on the server, keyset-paginated. */
    async list(query: { search?: string | undefined; limit: number; cursor?: string | undefined }) {
      const filter = searchFilter(query.search);
      const rows = await db
        .select()
        .from(participants)
        .where(and(filter, after(decodeCursor(query.cursor))))
        .orderBy(desc(participants.createdAt), desc(participants.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const [{ total } = { total: 0 }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(participants)
        .where(filter);
      return {
        participants: page.map(toParticipant),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
        total,
      };
    },

    /**
     * participants.csv (spec columns), produced a batch at a time as the client
     * reads it: memory stays flat whatever the number of participants.
     */
    exportCsv(search?: string): Readable {
      const csv = csvStream(['Name', 'Email', 'Phone', 'Location', 'Age', 'Occupation', 'Joined']);
      let cursor: Cursor | undefined;
      const filter = searchFilter(search);
      async function* rows() {
        for (;;) {
          const batch = await db
            .select()
            .from(participants)
            .where(and(filter, after(cursor)))
            .orderBy(desc(participants.createdAt), desc(participants.id))
            .limit(EXPORT_BATCH);
          for (const p of batch) {
            yield [
              `${p.firstName} ${p.lastName}`,
              p.email,
              p.phone,
              p.location ?? '',
              p.age ?? '',
              p.occupation ?? '',
              p.createdAt.toISOString().slice(0, 10),
            ];
          }
          if (batch.length < EXPORT_BATCH) return;
          const last = batch[batch.length - 1]!;
          cursor = { at: last.createdAt, id: last.id };
        }
      }
      return Readable.from(rows()).pipe(csv);
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
      const csv = csvStream([
        'Participant',
        'Email',
        'Phone',
        'Hours worked',
        'Rate (KES/hour)',
        'Total payment (KES)',
        'Completion date',
      ]);
      const records = rows.map((r) => [
        `${r.firstName} ${r.lastName}`,
        r.email,
        r.phone,
        r.hoursWorked ?? '',
        study.payRate,
        r.amount ?? '',
        r.completedAt?.toISOString().slice(0, 10) ?? '',
      ]);
      return { title: study.title, stream: Readable.from(records).pipe(csv) };
    },
  };
}
export type ParticipantsAdmin = ReturnType<typeof createParticipantsAdmin>;
