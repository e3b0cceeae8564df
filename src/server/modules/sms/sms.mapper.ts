import type { OutboxSms, OutboxSmsDetail } from '../../../shared/schemas/sms-outbox';
import type { SmsDetailRow, SmsListRow } from './sms.repo';

export function toOutboxSms(row: SmsListRow): OutboxSms {
  return {
    id: row.id,
    to: row.toPhone,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

export function toOutboxSmsDetail(row: SmsDetailRow): OutboxSmsDetail {
  return { ...toOutboxSms(row), body: row.body, providerMessageId: row.providerMessageId };
}
