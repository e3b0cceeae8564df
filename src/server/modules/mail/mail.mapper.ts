import {
  isSensitiveMailKind,
  type OutboxMail,
  type OutboxMailDetail,
} from '../../../shared/schemas/outbox';
import { containsTokenLink } from './mail.service';
import type { OutboxListRow } from './outbox.repo';

export function toOutboxMail(row: OutboxListRow): OutboxMail {
  const waiting = row.status === 'pending';
  return {
    id: row.id,
    recipient: row.toAddress,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    sensitive: isSensitiveMailKind(row.kind),
  };
}

/**
 * One mail with its text body, unless the body is a secret (a sensitive kind, or any
 * token link still in it) or was purged after the retention period.
 */
export function toOutboxMailDetail(
  row: OutboxListRow & { textBody: string; calendarAttached: boolean },
): OutboxMailDetail {
  const secret = isSensitiveMailKind(row.kind) || containsTokenLink(row.textBody);
  const purged = !secret && row.textBody === '';
  return {
    ...toOutboxMail(row),
    sensitive: secret,
    body: secret || purged ? null : row.textBody,
    bodyHidden: secret ? 'sensitive' : purged ? 'purged' : null,
    calendarAttached: row.calendarAttached,
  };
}
