import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, studies } from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import type { StudyStatus } from '../../../shared/schemas/options';
import type { Study } from '../../../shared/schemas/studies';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { toStudy } from './studies.mapper';
import type { NewStudy, StudiesService } from './studies.service';

export const HAS_PAYMENTS = 'This test has payments and cannot be deleted: cancel it instead';

/** What admins do to studies; every change is audited and refreshes this instance's public list. */
export function createStudiesAdmin({
  db,
  studiesService,
}: {
  db: Db;
  studiesService: StudiesService;
}) {
  return {
    async get(id: string): Promise<Study> {
      const [row] = await db.select().from(studies).where(eq(studies.id, id)).limit(1);
      if (!row) throw notFound('Test not found');
      return toStudy(row);
    },

    async create(input: NewStudy, ctx: RequestContext): Promise<Study> {
      const study = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(studies)
          .values({
            title: input.title,
            description: input.description,
            payRate: input.payRate,
            duration: input.duration,
            maxParticipants: input.maxParticipants,
            startDate: input.startDate,
            endDate: input.endDate,
            company: input.company ?? null,
            tags: input.tags,
            requirements: input.requirements ?? null,
            createdBy: ctx.actor?.id ?? null,
          })
          .returning();
        await recordAudit(tx, ctx, {
          action: 'study.create',
          resource: 'study',
          resourceId: row!.id,
          details: { title: row!.title },
        });
        return toStudy(row!);
      });
      studiesService.invalidatePublicList();
      return study;
    },

    /** Admins may set any status (the spec's selector); only `active` studies take applications. */
    async setStatus(id: string, status: StudyStatus, ctx: RequestContext): Promise<Study> {
      const study = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: studies.status })
          .from(studies)
          .where(eq(studies.id, id))
          .for('update');
        if (!before) throw notFound('Test not found');
        const [row] = await tx
          .update(studies)
          .set({
            status,
            ...(status === 'active' && before.status !== 'active'
              ? { approvedBy: ctx.actor?.id ?? null, approvedAt: sql`now()` }
              : {}),
          })
          .where(eq(studies.id, id))
          .returning();
        await recordAudit(tx, ctx, {
          action: 'study.status',
          resource: 'study',
          resourceId: id,
          details: { from: before.status, to: status },
        });
        return toStudy(row!);
      });
      studiesService.invalidatePublicList();
      return study;
    },

    async remove(id: string, ctx: RequestContext): Promise<void> {
      await db.transaction(async (tx) => {
        const [paid] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.testId, id))
          .limit(1);
        if (paid) throw conflict(HAS_PAYMENTS);
        const [row] = await tx
          .delete(studies)
          .where(eq(studies.id, id))
          .returning({ id: studies.id, title: studies.title });
        if (!row) throw notFound('Test not found');
        await recordAudit(tx, ctx, {
          action: 'study.delete',
          resource: 'study',
          resourceId: id,
          details: { title: row.title },
        });
      });
      studiesService.invalidatePublicList();
    },
  };
}
export type StudiesAdmin = ReturnType<typeof createStudiesAdmin>;
