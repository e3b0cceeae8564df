import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, participants, studies } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { likePattern } from '../../lib/pagination';
import type {
  AdminApplication,
  Application,
  ApplicationListQuery,
} from '../../../shared/schemas/applications';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { toAdminApplication, toApplication } from './applications.mapper';
import {
  afterMicroCursor,
  decodeMicroCursor,
  encodeMicroCursor,
  microText,
  newestFirst,
} from '../../lib/keyset-cursor';

export const ALREADY_APPLIED = 'You have already applied to this test';
export const NOT_OPEN = 'This test is not accepting applications';

export function createApplicationsService({ db }: { db: Db }) {
  return {
    /** A participant applies for themself, to an active study, once. */
    async apply(
      applicantId: string,
      input: { participantId: string; testId: string; screening?: string | undefined },
      ctx: RequestContext,
    ): Promise<Application> {
      if (input.participantId !== applicantId) throw forbidden('You can only apply for yourself');
      try {
        return await db.transaction(async (tx) => {
          // Lock the study row so a status change cannot slip between the check and the insert.
          const [study] = await tx
            .select()
            .from(studies)
            .where(eq(studies.id, input.testId))
            .for('share')
            .limit(1);
          if (!study) throw notFound('Test not found');
          if (study.status !== 'active') throw conflict(NOT_OPEN);
          const [row] = await tx
            .insert(applications)
            .values({
              participantId: applicantId,
              testId: study.id,
              screening: input.screening ?? null,
            })
            .returning();
          await recordAudit(tx, ctx, {
            action: 'application.create',
            resource: 'application',
            resourceId: row!.id,
            details: { testId: study.id },
          });
          return toApplication(row!, study);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'participant_test')) throw conflict(ALREADY_APPLIED);
        throw error;
      }
    },

    /** A participant's own applications, newest first. */
    async listOwn(participantId: string): Promise<Application[]> {
      const rows = await db
        .select({ application: applications, study: studies })
        .from(applications)
        .innerJoin(studies, eq(studies.id, applications.testId))
        .where(eq(applications.participantId, participantId))
        .orderBy(desc(applications.appliedAt), desc(applications.id));
      return rows.map((r) => toApplication(r.application, r.study));
    },

    /**
     * Every application (admins), newest first, filtered on the server, in one
     * query: the study and the person are joined, the study's scheduled count
     * is read from the (test_id, status) index. With `limit` or `cursor` it
     * answers one keyset page and the total; without, every match (the spec's
     * answer, used for one study's applications).
     */
    async listAll(query: ApplicationListQuery): Promise<{
      applications: AdminApplication[];
      nextCursor?: string | null;
      total?: number;
    }> {
      const filter = and(
        query.status ? eq(applications.status, query.status) : undefined,
        query.testId ? eq(applications.testId, query.testId) : undefined,
        searchFilter(query.search),
      );
      const paged = query.limit !== undefined || query.cursor !== undefined;
      const limit = query.limit ?? 50;
      const cursor = decodeMicroCursor(query.cursor);
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
          scheduledCount: sql<number>`(SELECT count(*)::int FROM applications AS same_study WHERE same_study.test_id = ${applications.testId} AND same_study.status = 'scheduled')`,
          cursorAt: microText(applications.appliedAt),
        })
        .from(applications)
        .innerJoin(studies, eq(studies.id, applications.testId))
        .leftJoin(participants, eq(participants.id, applications.participantId))
        .where(and(filter, afterMicroCursor(applications.appliedAt, applications.id, cursor)))
        .orderBy(...newestFirst(applications.appliedAt, applications.id));
      if (!paged) {
        const rows = await list;
        return { applications: rows.map(toAdminApplication) };
      }
      const countQuery = db
        .select({ total: sql<number>`count(*)::int` })
        .from(applications)
        .$dynamic();
      if (query.search)
        countQuery.innerJoin(participants, eq(participants.id, applications.participantId));
      const [rows, [{ total } = { total: 0 }]] = await Promise.all([
        list.limit(limit + 1),
        countQuery.where(filter),
      ]);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        applications: page.map(toAdminApplication),
        nextCursor:
          rows.length > limit && last
            ? encodeMicroCursor(last.cursorAt, last.application.id)
            : null,
        total,
      };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** The expression the trigram index of migration 0002 is built on: keep them identical. */
const participantSearchText = sql`lower(${participants.firstName} || ' ' || ${participants.lastName} || ' ' || ${participants.email} || ' ' || ${participants.phone} || ' ' || coalesce(${participants.location}, ''))`;

function searchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return term ? sql`${participantSearchText} LIKE ${likePattern(term)}` : undefined;
}
