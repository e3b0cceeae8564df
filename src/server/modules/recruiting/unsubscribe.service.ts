import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { tr } from '../../../shared/i18n/runtime';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { insertConsentRecords } from './consent.repo';
import { unsubscribeFrom } from './unsubscribe.repo';
import { unsubscribeSignerFor } from './unsubscribe-token';

/**
 * POST /api/unsubscribe/{token} (RFC 8058): the token names its person and kind, signed;
 * nothing else is needed or trusted. Idempotent; a genuine token of a person since deleted
 * answers like any other (the answer never tells whether the account exists).
 */
export function createUnsubscribeService({
  db,
  publicUrl,
  now = () => new Date(),
}: {
  db: Db;
  publicUrl: string;
  now?: () => Date;
}) {
  return {
    async unsubscribe(token: string, ctx: RequestContext): Promise<{ message: string }> {
      const signer = await unsubscribeSignerFor(db, publicUrl);
      const genuine = signer.verify(token);
      if (!genuine) {
        const message = tr('errors', 'unsubscribe.invalid');
        throw badRequest(message, { token: message });
      }
      const { participantId, kind } = genuine;
      await db.transaction(async (tx) => {
        // Only a choice that was on is turned off and recorded: a second click changes nothing.
        const changed = await unsubscribeFrom(tx, participantId, kind);
        if (!changed) return;
        await insertConsentRecords(
          tx,
          participantId,
          'unsubscribe',
          [{ kind: kind === 'invitations' ? 'invitations' : 'study_mail', value: 'no' }],
          now(),
        );
        await recordAudit(tx, ctx, {
          action: 'participant.unsubscribe',
          resource: 'participant',
          resourceId: participantId,
          actor: { id: participantId, type: 'participant' },
          details: { kind },
        });
      });
      return {
        message: tr(
          'errors',
          kind === 'invitations' ? 'unsubscribe.invitations' : 'unsubscribe.studies',
        ),
      };
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
