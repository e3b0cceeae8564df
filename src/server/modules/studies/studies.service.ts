import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { cachedValue } from '../../lib/cache';
import type { StudyStatus } from '../../../shared/schemas/options';
import type { createStudySchema, Study } from '../../../shared/schemas/studies';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { studyHasPayments } from '../payments/payments.repo';
import { toStudy } from './studies.mapper';
import {
  deleteStudy,
  findStudy,
  insertStudy,
  listStudies,
  lockStudy,
  updateStudyStatus,
} from './studies.repo';
import { tr } from '../../../shared/i18n/runtime';

/** The public list of active studies is read by every visitor; it may be a few seconds old. */
export const PUBLIC_STUDIES_TTL_MS = 3000;

/** A study's 404, in the request's language (visitors see it on a closed study's page). */
export const studyNotFound = () => tr('errors', 'study.notFound');
export const HAS_PAYMENTS = 'This test has payments and cannot be deleted: cancel it instead';

/**
 * Studies for everyone: visitors and participants see active ones, admins every status and
 * every change (audited; each refreshes this instance's public list at once).
 */
export function createStudiesService({ db }: { db: Db }) {
  // Kept serialised: the hot path sends bytes without mapping or validating again.
  const publicList = cachedValue(PUBLIC_STUDIES_TTL_MS, async () =>
    JSON.stringify({ tests: (await listStudies(db, { activeOnly: true })).map(toStudy) }),
  );
  const invalidatePublicList = () => publicList.invalidate();

  return {
    publicListJson: () => publicList.get(),

    async listAll(): Promise<Study[]> {
      return (await listStudies(db, { activeOnly: false })).map(toStudy);
    },

    /** One study: an admin sees any status, anyone else an active one only (else 404). */
    async getVisible(id: string, isAdmin: boolean): Promise<Study> {
      const row = await findStudy(db, id);
      if (!row || (!isAdmin && row.status !== 'active')) throw notFound(studyNotFound());
      return toStudy(row);
    },

    async create(input: z.output<typeof createStudySchema>, ctx: RequestContext): Promise<Study> {
      const study = await db.transaction(async (tx) => {
        const row = await insertStudy(tx, {
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
        });
        await recordAudit(tx, ctx, {
          action: 'study.create',
          resource: 'study',
          resourceId: row.id,
          details: { title: row.title },
        });
        return toStudy(row);
      });
      invalidatePublicList();
      return study;
    },

    /** Admins may set any status (the spec's selector); only `active` studies take applications. */
    async setStatus(id: string, status: StudyStatus, ctx: RequestContext): Promise<Study> {
      const study = await db.transaction(async (tx) => {
        const before = await lockStudy(tx, id, 'update');
        if (!before) throw notFound(studyNotFound());
        const approval =
          status === 'active' && before.status !== 'active'
            ? { approvedBy: ctx.actor?.id ?? null }
            : undefined;
        const row = await updateStudyStatus(tx, id, status, approval);
        if (!row) throw notFound(studyNotFound());
        await recordAudit(tx, ctx, {
          action: 'study.status',
          resource: 'study',
          resourceId: id,
          details: { from: before.status, to: status },
        });
        return toStudy(row);
      });
      invalidatePublicList();
      return study;
    },

    /** A study with payments is kept for the accounts: it can be cancelled, not deleted. */
    async remove(id: string, ctx: RequestContext): Promise<void> {
      await db.transaction(async (tx) => {
        if (await studyHasPayments(tx, id)) throw conflict(HAS_PAYMENTS);
        const row = await deleteStudy(tx, id);
        if (!row) throw notFound(studyNotFound());
        await recordAudit(tx, ctx, {
          action: 'study.delete',
          resource: 'study',
          resourceId: id,
          details: { title: row.title },
        });
      });
      invalidatePublicList();
    },

    /** Call after a change of places taken so this instance's public list is fresh at once. */
    invalidatePublicList,
  };
}
export type StudiesService = ReturnType<typeof createStudiesService>;
