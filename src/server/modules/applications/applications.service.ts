import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications, studies } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Application } from '../../../shared/schemas/applications';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { toApplication } from './applications.mapper';

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

    /** Every application (admins), optionally of one study, newest first. */
    async listAll(filter: { testId?: string | undefined }): Promise<Application[]> {
      const rows = await db
        .select({ application: applications, study: studies })
        .from(applications)
        .innerJoin(studies, eq(studies.id, applications.testId))
        .where(and(filter.testId ? eq(applications.testId, filter.testId) : undefined))
        .orderBy(desc(applications.appliedAt), desc(applications.id));
      return rows.map((r) => toApplication(r.application, r.study));
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
