import type { Db } from '../../db/client';
import { mailWithBodies, type OutboxRow } from './outbox.repo';

export type DumpedMail = OutboxRow;

/**
 * What `npm run mail:outbox` shows a developer: every mail not sent yet (pending, sending,
 * failed) and those sent since `sentSince`, newest first, bodies included. It runs on the
 * developer's own machine and database; the admin console never shows a reset mail's body.
 */
export async function mailForDeveloper(
  db: Db,
  options: { sentSince: Date; limit: number; to?: string | undefined },
): Promise<DumpedMail[]> {
  return mailWithBodies(db, options);
}

export function formatMailForDeveloper(mail: DumpedMail[]): string {
  if (mail.length === 0) return 'The outbox holds no queued or recently sent mail.\n';
  const rule = '─'.repeat(72);
  return (
    mail
      .map((m) =>
        [
          rule,
          `To:      ${m.toAddress}`,
          `Subject: ${m.subject}`,
          `Kind:    ${m.kind}   Status: ${m.status}   Attempts: ${m.attempts}`,
          `Queued:  ${m.createdAt.toISOString()}${m.sentAt ? `   Sent: ${m.sentAt.toISOString()}` : ''}`,
          ...(m.lastError ? [`Error:   ${m.lastError}`] : []),
          ...(m.calendar ? ['Attached: invite.ics (calendar)'] : []),
          '',
          m.textBody === '' ? '(body removed: sent more than 7 days ago)' : m.textBody,
        ].join('\n'),
      )
      .join('\n') + `\n${rule}\n${mail.length} mail shown, newest first.\n`
  );
}
