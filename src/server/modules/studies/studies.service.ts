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
  type StudyList,
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
  unknownStudyIds,
  type StudyEdit,
  type StudyRow,
} from './studies.repo';
import { tr } from '../../../shared/i18n/runtime';
import { centsToDecimal, toCents } from '../../../shared/rules/money';
import { normaliseCriteria, type Criteria } from '../../../shared/schemas/recruiting';
import { nairobiToday } from '../../../shared/rules/eligibility';
import { eligibilitySubject } from '../recruiting/eligibility.repo';
import { verdictFor } from '../recruiting/eligibility';

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

export const UNKNOWN_EXCLUDED_STUDY = 'No study has this id';

/** 400 when `excludeStudies` names a study that does not exist. */
async function checkExcludedStudies(db: DbOrTx, criteria: Criteria | undefined): Promise<void> {
  const unknown = await unknownStudyIds(db, criteria?.excludeStudies ?? []);
  if (unknown.length > 0)
    throw badRequest(UNKNOWN_EXCLUDED_STUDY, {
      'criteria.excludeStudies': `${UNKNOWN_EXCLUDED_STUDY}: ${unknown.join(', ')}`,
    });
}

/** The columns an edit sets: only the fields sent ('' company or requirements is null). */
function editOf(changes: StudyChanges): StudyEdit {
  const edit: StudyEdit = {};
  for (const [key, value] of Object.entries(changes) as [keyof StudyEdit, unknown][])
    if (value !== undefined) Object.assign(edit, { [key]: value });
  // Criteria are stored with every list present, so an unchanged set is not a change.
  if (changes.criteria !== undefined) edit.criteria = normaliseCriteria(changes.criteria);
  // As the column keeps it ("1500" is stored "1500.00"), so an unchanged rate is not a change.
  if (edit.payRate !== undefined) edit.payRate = centsToDecimal(toCents(edit.payRate));
  return edit;
}

/** JSON with every object's keys sorted: jsonb keeps keys in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The fields whose stored value the edit changes, for the audit log. */
function changedFields(before: StudyRow, edit: StudyEdit): (keyof StudyEdit)[] {
  return (Object.keys(edit) as (keyof StudyEdit)[]).filter(
    (key) => canonical(before[key]) !== canonical(edit[key]),
  );
}

/**
 * Studies for everyone: visitors and participants see active ones, admins every status and
 * every change (audited; each refreshes this instance's public list at once).
 */
export function createStudiesService({ db }: { db: Db }) {
  const activeRows = cachedValue(PUBLIC_STUDIES_TTL_MS, () =>
    listStudies(db, { activeOnly: true }),
  );
  // Kept serialised: the hot path sends bytes without mapping or validating again.
  const publicList = cachedValue(PUBLIC_STUDIES_TTL_MS, async () =>
    JSON.stringify({ tests: (await activeRows.get()).map(toStudy) }),
  );
  const invalidatePublicList = () => {
    activeRows.invalidate();
    publicList.invalidate();
  };

  return {
    publicListJson: () => publicList.get(),
    /** The visitors' list as JSON if held now (publicListJson would answer at once), else undefined. */
    heldPublicListJson: () => publicList.peek(),

    /**
     * GET /api/tests signed in as a participant (docs/decisions/036-recruiting.md): the
     * active studies they are eligible for, and those they applied to; `hiddenCount` the
     * other active ones, of which `hiddenForProfile` kept away by empty fields alone.
     */
    async listForParticipant(participantId: string, now: Date): Promise<StudyList> {
      const [rows, subject] = await Promise.all([
        activeRows.get(),
        eligibilitySubject(db, participantId),
      ]);
      const today = nairobiToday(now);
      const tests: Study[] = [];
      let hiddenCount = 0;
      let hiddenForProfile = 0;
      for (const row of rows) {
        const verdict = subject ? verdictFor(subject, row.criteria, today) : undefined;
        if (subject?.applied.has(row.id) || verdict?.eligible) tests.push(toStudy(row));
        else {
          hiddenCount += 1;
          if (verdict && !verdict.eligible && verdict.missing.length > 0) hiddenForProfile += 1;
        }
      }
      return { tests, hiddenCount, hiddenForProfile };
    },

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
        await checkExcludedStudies(tx, input.criteria);
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
          criteria: normaliseCriteria(input.criteria),
          screener: input.screener ?? [],
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
        await checkExcludedStudies(tx, changes.criteria);
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
