import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { cachedValue } from '../../lib/cache';
import type { StudyStatus } from '../../../shared/schemas/options';
import {
  END_BEFORE_START,
  type createStudySchema,
  type Study,
  type StudyChanges,
} from '../../../shared/schemas/studies';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { studyHasPayments } from '../payments/payments.repo';
import { toAdminStudy, toStudy } from './studies.mapper';
import {
  deleteStudy,
  findStudy,
  insertStudy,
  listStudies,
  lockStudy,
  paymentSummaries,
  updateStudy,
  updateStudyStatus,
  type StudyEdit,
  type StudyRow,
} from './studies.repo';
import { tr } from '../../../shared/i18n/runtime';
import { centsToDecimal, toCents } from '../../../shared/rules/money';

/** The public list of active studies is read by every visitor; it may be a few seconds old. */
export const PUBLIC_STUDIES_TTL_MS = 3000;

/** A study's 404, in the request's language (visitors see it on a closed study's page). */
export const studyNotFound = () => tr('errors', 'study.notFound');
export const HAS_PAYMENTS = 'This test has payments and cannot be deleted: cancel it instead';

const placesTakenMessage = (taken: number) =>
  `${taken} ${taken === 1 ? 'place is' : 'places are'} taken: participants needed cannot be fewer`;

/** A study row with its payments, as staff see it. */
async function adminView(db: DbOrTx, row: StudyRow): Promise<Study> {
  return toAdminStudy(row, (await paymentSummaries(db, [row.id])).get(row.id));
}

/** The columns an edit sets: only the fields sent ('' company or requirements is null). */
function editOf(changes: StudyChanges): StudyEdit {
  const edit: StudyEdit = {};
  for (const [key, value] of Object.entries(changes) as [keyof StudyEdit, unknown][])
    if (value !== undefined) Object.assign(edit, { [key]: value });
  // As the column keeps it ("1500" is stored "1500.00"), so an unchanged rate is not a change.
  if (edit.payRate !== undefined) edit.payRate = centsToDecimal(toCents(edit.payRate));
  return edit;
}

/** The fields whose stored value the edit changes, for the audit log. */
function changedFields(before: StudyRow, edit: StudyEdit): (keyof StudyEdit)[] {
  return (Object.keys(edit) as (keyof StudyEdit)[]).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(edit[key] ?? null),
  );
}

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

    /** Every study, as staff see them (with their payments). */
    async listAll(): Promise<Study[]> {
      const [rows, summaries] = await Promise.all([
        listStudies(db, { activeOnly: false }),
        paymentSummaries(db),
      ]);
      return rows.map((row) => toAdminStudy(row, summaries.get(row.id)));
    },

    /** One study: an admin sees any status (with its payments), anyone else an active one only (else 404). */
    async getVisible(id: string, isAdmin: boolean): Promise<Study> {
      const row = await findStudy(db, id);
      if (!row || (!isAdmin && row.status !== 'active')) throw notFound(studyNotFound());
      return isAdmin ? adminView(db, row) : toStudy(row);
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
        return toAdminStudy(row);
      });
      invalidatePublicList();
      return study;
    },

    /**
     * PUT /api/tests/{id}: any of the creation fields. A partial edit is checked against the
     * stored values: the end date never before the start date, and never fewer places than
     * are taken. The row is locked as scheduling locks it, so no one is scheduled past a new
     * maximum meanwhile. Payments already created keep their amount: the pay of a completion
     * is fixed when it is created.
     */
    async update(id: string, changes: StudyChanges, ctx: RequestContext): Promise<Study> {
      const study = await db.transaction(async (tx) => {
        const before = await lockStudy(tx, id, 'update');
        if (!before) throw notFound(studyNotFound());
        const edit = editOf(changes);
        const startDate = edit.startDate ?? before.startDate;
        const endDate = edit.endDate ?? before.endDate;
        if (startDate && endDate && endDate < startDate)
          throw badRequest(END_BEFORE_START, { endDate: END_BEFORE_START });
        if (
          edit.maxParticipants !== undefined &&
          edit.maxParticipants < before.currentParticipants
        ) {
          const message = placesTakenMessage(before.currentParticipants);
          throw badRequest(message, { maxParticipants: message });
        }
        const changed = changedFields(before, edit);
        const row = changed.length > 0 ? await updateStudy(tx, id, edit) : before;
        if (!row) throw notFound(studyNotFound());
        if (changed.length > 0)
          await recordAudit(tx, ctx, {
            action: 'study.update',
            resource: 'study',
            resourceId: id,
            details: {
              title: row.title,
              fields: changed,
              ...(changed.includes('payRate') ? { payRate: [before.payRate, row.payRate] } : {}),
              ...(changed.includes('duration')
                ? { duration: [before.duration, row.duration] }
                : {}),
            },
          });
        return adminView(tx, row);
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
        return adminView(tx, row);
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
