import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client';
import { totalBesidePage } from '../../db/counting';
import { settleAll } from '../../lib/settle-all';
import { conflict, notFound } from '../../lib/app-error';
import { csvFromRows } from '../../lib/csv-export';
import { isUniqueViolation } from '../../lib/db-errors';
import { decodeMicroCursor, keysetPage, type MicroCursor } from '../../lib/keyset-cursor';
import { ageFromDateOfBirth } from '../../../shared/rules/profile';
import type { z } from 'zod';
import type { blockSchema } from '../../../shared/schemas/recruiting';
import { nairobiToday } from '../../../shared/rules/eligibility';
import { consentRecordsOf, insertConsentRecords } from '../recruiting/consent.repo';
import type {
  AdminParticipant,
  Earnings,
  MyPayment,
  Participant,
  ParticipantListQuery,
  participantProfileUpdateSchema,
} from '../../../shared/schemas/participants';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { deleteUserSessions } from '../accounts/sessions.repo';
import { accountTaken, type AccountsService } from '../accounts/accounts.service';
import { deleteMailTo } from '../mail/outbox.repo';
import { deleteSmsTo } from '../sms/sms.repo';
import { lockStudiesOfParticipant } from '../sessions/bookings';
import type { NoticeContext } from '../sessions/session-notices';
import { emailInUse, phoneInUse, type ParticipantRow } from '../accounts/users.repo';
import { ownApplication } from '../applications/applications.mapper';
import { noShowWindowStart, toReliability } from '../../../shared/rules/reliability';
import { reliabilityOf } from '../sessions/sessions.repo';
import type { Config } from '../../config';
import { listOwnApplications } from '../applications/applications.repo';
import {
  PARTICIPANTS_CSV_HEADER,
  toEarnings,
  toExportedPayment,
  toParticipant,
  toParticipantCsvRecord,
} from './participants.mapper';
import {
  countParticipantsWithin,
  deleteParticipant,
  findEarnings,
  findParticipant,
  findParticipantEarnings,
  findPhoto,
  invitationsOf,
  participantsAfter,
  participantWhere,
  possibleDuplicatesOf,
  setBlocked,
  type ParticipantQuery,
  ownPaymentsOf,
  paymentsOf,
  savePhotoRow,
  lockParticipant,
  updateParticipant,
  type ParticipantChanges,
} from './participants.repo';
import { processPhoto } from './photo';
import { createPayoutNumberService } from './payout-number';
import { statementOf } from '../payments/statement';
import type { Statement, StatementQuery } from '../../../shared/schemas/statement';
import { tr } from '../../../shared/i18n/runtime';

/** Either profile form; the dashboard's (names, e-mail, phone) is a part of the full one. */
export type ProfileChanges = z.output<typeof participantProfileUpdateSchema>;
export type BlockInput = z.output<typeof blockSchema>;

const EXPORT_BATCH = 1000;

export function photoUrlOf(id: string, etag: string): string {
  return `/api/participants/${id}/photo?v=${etag.slice(0, 12)}`;
}

/** Participants, for themselves and for the admins: one service, whoever asks. */
export function createParticipantsService({
  db,
  accounts,
  booking,
  notices,
  now = () => new Date(),
}: {
  db: Db;
  accounts: Pick<
    AccountsService,
    'createParticipant' | 'confirmEmailChange' | 'emailChanged' | 'confirmPayoutPhoneChange'
  >;
  /** The no-show rules of decisions.md section 9, for the reliability the list shows. */
  booking: Config['booking'];
  /**
   * For offering the seats a deleted participant held to the waitlist (section 9), and for
   * telling of a payout-number change (section 11).
   */
  notices: NoticeContext;
  now?: () => Date;
}) {
  async function load(id: string): Promise<ParticipantRow> {
    const row = await findParticipant(db, id);
    if (!row) throw notFound(tr('errors', 'participant.notFound'));
    return row;
  }

  async function earningsOf(id: string): Promise<Earnings> {
    return toEarnings(await findEarnings(db, id));
  }

  const payoutNumber = createPayoutNumberService({ db, accounts, notices });

  /** Rows as the admins' list shows them: reliability and possible duplicates, one query each. */
  async function asAdminRows(rows: ParticipantRow[], on: DbOrTx = db): Promise<AdminParticipant[]> {
    const ids = rows.map((r) => r.id);
    const windowStart = noShowWindowStart(now(), booking.noShowWindowDays);
    // One after the other: inside a transaction they share its one connection.
    const counts = await reliabilityOf(on, ids, windowStart);
    const duplicates = await possibleDuplicatesOf(on, ids);
    return rows.map((row) => {
      const c = counts.get(row.id) ?? { completedCount: 0, noShowCount: 0 };
      return {
        ...toParticipant(row),
        reliability: toReliability(c.completedCount, c.noShowCount, booking.noShowLimit),
        blockedReason: row.blockedReason,
        possibleDuplicates: duplicates.get(row.id) ?? [],
      };
    });
  }

  return {
    async register(
      input: Parameters<typeof accounts.createParticipant>[0],
      ctx: RequestContext,
    ): Promise<Participant> {
      return toParticipant(await accounts.createParticipant(input, ctx, 'participant.register'));
    },

    async get(id: string): Promise<Participant> {
      return toParticipant(await load(id));
    },

    /** Newest first, searched and filtered on the server, keyset-paginated. */
    async list(query: ParticipantListQuery) {
      const where = participantWhere(query, nairobiToday(now()));
      // The page and its total side by side, each on a connection of its own.
      const [rows, total] = await settleAll([
        participantsAfter(db, {
          where,
          cursor: decodeMicroCursor(query.cursor),
          limit: query.limit + 1,
        }),
        countParticipantsWithin(db, where),
      ]);
      const { shown, nextCursor } = keysetPage(rows, query.limit, (r) => ({
        at: r.cursorAt,
        id: r.row.id,
      }));
      return {
        participants: await asAdminRows(shown.map((r) => r.row)),
        nextCursor,
        ...totalBesidePage(total, {
          shown: shown.length,
          more: nextCursor !== null,
          first: !query.cursor,
        }),
      };
    },

    /**
     * participants.csv (spec columns) of the list's search and filters, produced a batch at a
     * time as the client reads it: memory stays flat whatever the number of participants.
     */
    exportCsv(query: ParticipantQuery): Readable {
      const where = participantWhere(query, nairobiToday(now()));
      async function* rows() {
        let cursor: MicroCursor | undefined;
        for (;;) {
          const batch = await participantsAfter(db, { where, cursor, limit: EXPORT_BATCH });
          for (const { row } of batch) yield toParticipantCsvRecord(row);
          const last = batch[batch.length - 1];
          if (batch.length < EXPORT_BATCH || !last) return;
          cursor = { at: last.cursorAt, id: last.row.id };
        }
      }
      return csvFromRows(PARTICIPANTS_CSV_HEADER, rows());
    },

    /**
     * Blocks or unblocks (decisions.md section 10, admins): a blocked participant cannot sign
     * in or apply, and their sessions end now. Audited; reversible.
     */
    async block(id: string, input: BlockInput, ctx: RequestContext): Promise<AdminParticipant> {
      const row = await db.transaction(async (tx) => {
        const updated = await setBlocked(tx, id, {
          blocked: input.blocked,
          reason: input.blocked ? input.reason || null : null,
          at: now(),
        });
        if (!updated) throw notFound(tr('errors', 'participant.notFound'));
        if (input.blocked) await deleteUserSessions(tx, { id, type: 'participant' });
        await recordAudit(tx, ctx, {
          action: input.blocked ? 'participant.block' : 'participant.unblock',
          resource: 'participant',
          resourceId: id,
          ...(input.blocked && input.reason ? { details: { reason: input.reason } } : {}),
        });
        // The answer is read in the transaction: a 503 then always means "not blocked".
        const [answer] = await asAdminRows([updated], tx);
        return answer!;
      });
      return row;
    },

    /**
     * Profile fields; '' clears an optional one; a date of birth sets the age in whole years.
     * A new e-mail needs the current password first (before any "already in use" answer,
     * so the route cannot probe for accounts); `sessionIdHash` is the session that stays.
     */
    async updateProfile(
      id: string,
      changes: ProfileChanges,
      ctx: RequestContext,
      sessionIdHash?: string,
    ): Promise<Participant> {
      const current = await load(id);
      const who = { id, type: 'participant' as const };
      const emailChanges =
        changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanges) await accounts.confirmEmailChange(who, changes.currentPassword, ctx);
      const values: ParticipantChanges = {};
      for (const key of ['firstName', 'lastName', 'email', 'phone'] as const) {
        if (changes[key] !== undefined) values[key] = changes[key];
      }
      for (const key of ['location', 'age', 'occupation', 'dateOfBirth', 'education'] as const) {
        if (changes[key] !== undefined) values[key] = changes[key] === '' ? null : changes[key];
      }
      // '' arrives as null (the schema's transforms) and [] as []: both clear the field.
      for (const key of [
        'gender',
        'county',
        'town',
        'employment',
        'incomeBand',
        'internetAccess',
      ] as const) {
        if (changes[key] !== undefined) values[key] = changes[key];
      }
      for (const key of ['languages', 'devices', 'mobileMoney'] as const) {
        const list = changes[key];
        if (list !== undefined) values[key] = list;
      }
      if (changes.inviteOptIn !== undefined) values.inviteOptIn = changes.inviteOptIn;
      if (changes.language !== undefined) values.language = changes.language;
      const dateOfBirth =
        values.dateOfBirth === undefined ? current.dateOfBirth : values.dateOfBirth;
      if (dateOfBirth) values.age = String(ageFromDateOfBirth(dateOfBirth));

      try {
        return await db.transaction(async (tx) => {
          // The password was asked for (or not) on the e-mail read before: one changed
          // meanwhile (another tab) is never changed back without it.
          const locked = await lockParticipant(tx, id);
          if (!locked) throw notFound(tr('errors', 'participant.notFound'));
          if (
            !emailChanges &&
            values.email !== undefined &&
            values.email.toLowerCase() !== locked.email.toLowerCase()
          )
            throw conflict(tr('errors', 'participant.emailChangedMeanwhile'));
          if (
            values.email &&
            values.email.toLowerCase() !== current.email.toLowerCase() &&
            (await emailInUse(tx, values.email))
          )
            throw accountTaken('email');
          if (
            values.phone &&
            values.phone !== current.phone &&
            (await phoneInUse(tx, values.phone))
          )
            throw accountTaken('phone');
          if (values.phone !== undefined && values.phone !== locked.phone) {
            // The payout number never moves without the password (decisions.md section 11):
            // payouts that went to the old phone keep going there until it is changed.
            const payout = locked.payoutPhone ?? locked.phone;
            values.payoutPhone = payout === values.phone ? null : payout;
          }
          const row = await updateParticipant(tx, id, values);
          if (!row) throw notFound(tr('errors', 'participant.notFound'));
          // The invitation choice changed here is consent given or withdrawn: kept as evidence.
          if (values.inviteOptIn !== undefined && values.inviteOptIn !== locked.inviteOptIn)
            await insertConsentRecords(
              tx,
              id,
              'settings',
              [{ kind: 'invitations', value: values.inviteOptIn ? 'yes' : 'no' }],
              now(),
            );
          // Told in the participant's language (as it is after this update).
          if (emailChanges)
            await accounts.emailChanged(tx, who, current.email, sessionIdHash, ctx, row.language);
          await recordAudit(tx, ctx, {
            action: 'participant.update',
            resource: 'participant',
            resourceId: id,
            details: { fields: Object.keys(values) },
          });
          return toParticipant(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'email')) throw accountTaken('email');
        if (isUniqueViolation(error, 'phone')) throw accountTaken('phone');
        throw error;
      }
    },

    async savePhoto(id: string, bytes: Buffer, ctx: RequestContext): Promise<string> {
      await load(id);
      const photo = await processPhoto(bytes);
      const url = photoUrlOf(id, photo.etag);
      await db.transaction(async (tx) => {
        await savePhotoRow(tx, id, photo);
        await updateParticipant(tx, id, { profilePhoto: url });
        await recordAudit(tx, ctx, {
          action: 'participant.photo',
          resource: 'participant',
          resourceId: id,
        });
      });
      return url;
    },

    async photo(id: string) {
      const row = await findPhoto(db, id);
      if (!row) throw notFound(tr('errors', 'participant.noPhoto'));
      return row;
    },

    /**
     * Removes the person: profile, photo, applications, earnings, sessions, mail, SMS.
     * Payments stay for accounting, detached (participant_id set null by the
     * foreign key), so paid totals do not change.
     */
    async remove(id: string, ctx: RequestContext): Promise<void> {
      await db.transaction(async (tx) => {
        // Their seats and places free with their applications: the studies are recounted.
        const studies = await lockStudiesOfParticipant(tx, id);
        const row = await deleteParticipant(tx, id);
        if (!row) throw notFound(tr('errors', 'participant.notFound'));
        await studies.afterDelete(notices);
        await deleteUserSessions(tx, { id, type: 'participant' });
        // Their mail and SMS go with them, queued and sent (decisions.md section 8).
        await deleteMailTo(tx, row.email);
        await deleteSmsTo(tx, row.phone);
        await recordAudit(tx, ctx, {
          action: 'participant.delete',
          resource: 'participant',
          resourceId: id,
        });
      });
    },

    /** The participant's own earnings; zeros before any payment. */
    earningsOf,

    /** GET /api/me/payments: the participant's own payments, newest first, a page at a time. */
    statement(id: string, query: StatementQuery): Promise<Statement> {
      return statementOf(db, id, query);
    },

    /** PUT /api/me/payout-number (decisions.md section 11). */
    changePayoutNumber: payoutNumber.change,

    /** The participant's totals and their payments, each with its status (pending ones too). */
    async myEarnings(id: string): Promise<{ earnings: Earnings; payments: MyPayment[] }> {
      const [totals, own] = await Promise.all([earningsOf(id), ownPaymentsOf(db, id)]);
      return { earnings: totals, payments: own.map(toExportedPayment) };
    },

    /** One participant's earnings for the admin's detail view: 404 when there is no such participant. */
    async earningsOfParticipant(id: string): Promise<Earnings> {
      const row = await findParticipantEarnings(db, id);
      if (!row) throw notFound(tr('errors', 'participant.notFound'));
      return toEarnings(row.earnings);
    },

    /** Everything stored about the person, for "Download my data". */
    async exportOf(id: string) {
      const row = await load(id);
      const person = toParticipant(row);
      const apps = await listOwnApplications(db, id);
      const paid = await paymentsOf(db, id);
      const records = await consentRecordsOf(db, id);
      const invited = await invitationsOf(db, id);
      return {
        exportedAt: now().toISOString(),
        participant: person,
        consent: {
          termsVersion: row.termsVersion,
          privacyVersion: row.privacyVersion,
          consentedAt: row.consentedAt?.toISOString() ?? null,
          inviteOptIn: row.inviteOptIn,
          studyMail: row.studyMail,
          records: records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        },
        invitations: invited.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
        lastInvitedAt: row.lastInvitedAt?.toISOString() ?? null,
        blockedAt: row.blockedAt?.toISOString() ?? null,
        applications: apps.map(ownApplication),
        payments: paid.map(toExportedPayment),
        earnings: await earningsOf(id),
      };
    },
  };
}
export type ParticipantsService = ReturnType<typeof createParticipantsService>;
