import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { SmsConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import { fitsOneSms } from '../../../shared/rules/sms';
import type {
  OutboxSms,
  OutboxSmsDetail,
  SmsOutboxList,
  smsOutboxListQuerySchema,
} from '../../../shared/schemas/sms-outbox';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { recipientHash } from '../mail/mail.service';
import { toOutboxSms, toOutboxSmsDetail } from './sms.mapper';
import { countSms, findSms, insertSms, lockSms, requeueFailedSms, smsAfter } from './sms.repo';

export type OutgoingSms = {
  /** The phone number in E.164, e.g. +254712345678. */
  to: string;
  /** At most one SMS long (fitsOneSms). */
  body: string;
  /** What the SMS is about, e.g. "session-reminder-24h"; for the admins' outbox view and for tests. */
  kind: string;
};

const E164 = /^\+[1-9]\d{6,14}$/;
const KIND_MAX = 50;

/**
 * Puts an SMS in the outbox. Call it with the transaction of the change that causes it,
 * so the SMS exists if and only if the change committed. A number not in E.164, an empty
 * text or one longer than one SMS is a programming error (the copy is ours): it throws.
 */
export async function enqueueSms(
  db: DbOrTx,
  sms: OutgoingSms,
  options: { log: FastifyBaseLogger },
): Promise<void> {
  if (!E164.test(sms.to)) throw new Error('enqueueSms: the number must be in E.164 (+2547…)');
  if (sms.body.length === 0 || !fitsOneSms(sms.body)) {
    throw new Error(`enqueueSms: the ${sms.kind} text must fit one SMS (fitsOneSms)`);
  }
  if (sms.kind.length === 0 || sms.kind.length > KIND_MAX) {
    throw new Error(`enqueueSms: the kind must be 1 to ${KIND_MAX} characters`);
  }
  await insertSms(db, sms);
  // Never the number or the text: the hash follows one person's SMS through the log.
  options.log.info({ kind: sms.kind, to: recipientHash(sms.to) }, 'SMS queued');
}

/**
 * The SMS outbox for admins (decisions.md sections 9 and 12): queued, sent and failed
 * SMS, newest first; retry a failed one. Like mail, the list carries no text.
 */
export function createSmsService({ db, sms }: { db: Db; sms: SmsConfig }) {
  return {
    async list(q: z.output<typeof smsOutboxListQuerySchema>): Promise<SmsOutboxList> {
      const rows = await smsAfter(db, {
        status: q.status,
        cursor: decodeMicroCursor(q.cursor),
        limit: q.limit + 1,
      });
      const { shown, nextCursor } = keysetPage(rows, q.limit, (r) => ({
        at: r.cursorAt,
        id: r.id,
      }));
      return {
        sms: shown.map(toOutboxSms),
        nextCursor,
        total: await countSms(db, q.status),
        provider: sms.provider,
      };
    },

    async get(id: string): Promise<OutboxSmsDetail> {
      const row = await findSms(db, id);
      if (!row) throw notFound('SMS not found');
      return toOutboxSmsDetail(row);
    },

    /** A failed SMS back to pending, due now, with a fresh count of attempts; 409 unless failed. */
    async retry(id: string, ctx: RequestContext): Promise<OutboxSms> {
      return db.transaction(async (tx) => {
        const before = await lockSms(tx, id);
        if (!before) throw notFound('SMS not found');
        const row = await requeueFailedSms(tx, id);
        if (!row) throw conflict('Only a failed SMS can be retried');
        await recordAudit(tx, ctx, {
          action: 'sms.retry',
          resource: 'sms',
          resourceId: id,
          details: { kind: row.kind, previousAttempts: before.attempts },
        });
        return toOutboxSms(row);
      });
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
