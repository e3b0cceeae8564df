import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applications,
  earnings,
  participantPhotos,
  participants,
  payments,
  studies,
} from '../../db/schema/index';
import { conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { ageFromDateOfBirth } from '../../../shared/rules/profile';
import type { Earnings, Participant } from '../../../shared/schemas/participants';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { deleteUserSessions } from '../accounts/sessions.repo';
import type { AccountsService } from '../accounts/accounts.service';
import { deleteMailTo } from '../mail/mail.service';
import { emailInUse, phoneInUse, type ParticipantRow } from '../accounts/users.repo';
import { toApplication } from '../applications/applications.mapper';
import { toEarnings, toParticipant } from './participants.mapper';
import { processPhoto } from './photo';

export type ProfileChanges = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  location?: string;
  age?: string;
  occupation?: string;
  dateOfBirth?: string;
  education?: string;
  /** Needed, and checked, only when `email` changes. */
  currentPassword?: string;
};

const TAKEN = {
  email: 'An account with this email already exists',
  phone: 'An account with this phone number already exists',
} as const;

export function photoUrlOf(id: string, etag: string): string {
  return `/api/participants/${id}/photo?v=${etag.slice(0, 12)}`;
}

export function createParticipantsService({
  db,
  accounts,
}: {
  db: Db;
  accounts: Pick<AccountsService, 'confirmEmailChange' | 'emailChanged'>;
}) {
  async function load(id: string): Promise<ParticipantRow> {
    const [row] = await db.select().from(participants).where(eq(participants.id, id)).limit(1);
    if (!row) throw notFound('Participant not found');
    return row;
  }

  return {
    async get(id: string): Promise<Participant> {
      return toParticipant(await load(id));
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
      const values: Partial<typeof participants.$inferInsert> = {};
      for (const key of ['firstName', 'lastName', 'email', 'phone'] as const) {
        if (changes[key] !== undefined) values[key] = changes[key];
      }
      for (const key of ['location', 'age', 'occupation', 'dateOfBirth', 'education'] as const) {
        if (changes[key] !== undefined) values[key] = changes[key] === '' ? null : changes[key];
      }
      const dateOfBirth =
        values.dateOfBirth === undefined ? current.dateOfBirth : values.dateOfBirth;
      if (dateOfBirth) values.age = String(ageFromDateOfBirth(dateOfBirth));

      try {
        return await db.transaction(async (tx) => {
          if (
            values.email &&
            values.email.toLowerCase() !== current.email.toLowerCase() &&
            (await emailInUse(tx, values.email))
          )
            throw conflict(TAKEN.email, { email: TAKEN.email });
          if (
            values.phone &&
            values.phone !== current.phone &&
            (await phoneInUse(tx, values.phone))
          )
            throw conflict(TAKEN.phone, { phone: TAKEN.phone });
          const [row] = await tx
            .update(participants)
            .set(values)
            .where(eq(participants.id, id))
            .returning();
          if (emailChanges) await accounts.emailChanged(tx, who, current.email, sessionIdHash, ctx);
          await recordAudit(tx, ctx, {
            action: 'participant.update',
            resource: 'participant',
            resourceId: id,
            details: { fields: Object.keys(values) },
          });
          return toParticipant(row!);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'email')) throw conflict(TAKEN.email, { email: TAKEN.email });
        if (isUniqueViolation(error, 'phone')) throw conflict(TAKEN.phone, { phone: TAKEN.phone });
        throw error;
      }
    },

    async savePhoto(id: string, bytes: Buffer, ctx: RequestContext): Promise<string> {
      await load(id);
      const photo = await processPhoto(bytes);
      const url = photoUrlOf(id, photo.etag);
      await db.transaction(async (tx) => {
        await tx
          .insert(participantPhotos)
          .values({
            participantId: id,
            data: photo.data,
            contentType: photo.contentType,
            etag: photo.etag,
            byteSize: photo.data.length,
          })
          .onConflictDoUpdate({
            target: participantPhotos.participantId,
            set: {
              data: photo.data,
              contentType: photo.contentType,
              etag: photo.etag,
              byteSize: photo.data.length,
              updatedAt: sql`now()`,
            },
          });
        await tx.update(participants).set({ profilePhoto: url }).where(eq(participants.id, id));
        await recordAudit(tx, ctx, {
          action: 'participant.photo',
          resource: 'participant',
          resourceId: id,
        });
      });
      return url;
    },

    async photo(id: string) {
      const [row] = await db
        .select()
        .from(participantPhotos)
        .where(eq(participantPhotos.participantId, id))
        .limit(1);
      if (!row) throw notFound('No photo');
      return row;
    },

    /**
     * Removes the person: profile, photo, applications, earnings, sessions, mail.
     * Payments stay for accounting, detached (participant_id set null by the
     * foreign key), so paid totals do not change.
     */
    async remove(id: string, ctx: RequestContext): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(participants)
          .where(eq(participants.id, id))
          .returning({ id: participants.id, email: participants.email });
        if (!row) throw notFound('Participant not found');
        await deleteUserSessions(tx, { id, type: 'participant' });
        // Their mail goes with them, queued and sent (decisions.md section 8).
        await deleteMailTo(tx, row.email);
        await recordAudit(tx, ctx, {
          action: 'participant.delete',
          resource: 'participant',
          resourceId: id,
        });
      });
    },

    async earningsOf(id: string): Promise<Earnings> {
      const [row] = await db.select().from(earnings).where(eq(earnings.participantId, id)).limit(1);
      return toEarnings(row);
    },

    /** Everything stored about the person, for "Download my data". */
    async exportOf(id: string) {
      const person = toParticipant(await load(id));
      const apps = await db
        .select({ application: applications, study: studies })
        .from(applications)
        .innerJoin(studies, eq(studies.id, applications.testId))
        .where(eq(applications.participantId, id))
        .orderBy(desc(applications.appliedAt));
      const paid = await db
        .select({
          id: payments.id,
          testId: payments.testId,
          amount: payments.amount,
          currency: payments.currency,
          status: payments.status,
          paymentMethod: payments.paymentMethod,
          transactionId: payments.transactionId,
          processedAt: payments.processedAt,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(eq(payments.participantId, id))
        .orderBy(desc(payments.createdAt));
      return {
        exportedAt: new Date().toISOString(),
        participant: person,
        applications: apps.map((r) => toApplication(r.application, r.study)),
        payments: paid.map((p) => ({
          ...p,
          processedAt: p.processedAt?.toISOString() ?? null,
          createdAt: p.createdAt.toISOString(),
        })),
        earnings: await this.earningsOf(id),
      };
    },
  };
}
export type ParticipantsService = ReturnType<typeof createParticipantsService>;
