import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { tr } from '../../../shared/i18n/runtime';
import { paths } from '../../../shared/paths';
import { lastDigitsOf } from '../../../shared/phone';
import type { PayoutNumberAnswer, PayoutNumberChange } from '../../../shared/schemas/statement';
import type { AccountsService } from '../accounts/accounts.service';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import type { NoticeContext } from '../sessions/session-notices';
import { enqueueSms } from '../sms/sms.service';
import { payoutChangedMail, payoutChangedSms, PAYOUT_CHANGED_KIND } from './payout-number-copy';
import { lockParticipant, setPayoutPhone } from './participants.repo';

/** The form enqueueSms takes; a phone migration 0008 left as typed gets no SMS. */
const STORED_E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The participant's payout number (decisions.md section 11). Changing it needs the current
 * password (counted like a sign-in, as the e-mail change), and is told by SMS to the OLD
 * number and by mail to the participant, queued in the transaction that stores it.
 */
export function createPayoutNumberService({
  db,
  accounts,
  notices,
}: {
  db: Db;
  accounts: Pick<AccountsService, 'confirmPayoutPhoneChange'>;
  notices: NoticeContext;
}) {
  const { config, log } = notices;

  return {
    /**
     * Stores the new number in E.164 (null when it is the phone, so the two stay one);
     * answers the effective number. The same number again changes and tells nothing.
     */
    async change(
      id: string,
      input: PayoutNumberChange,
      ctx: RequestContext,
    ): Promise<PayoutNumberAnswer> {
      await accounts.confirmPayoutPhoneChange(
        { id, type: 'participant' },
        input.currentPassword,
        ctx,
      );
      return db.transaction(async (tx) => {
        const row = await lockParticipant(tx, id);
        if (!row) throw notFound(tr('errors', 'participant.notFound'));
        const before = row.payoutPhone ?? row.phone;
        if (input.payoutPhone === before) return { payoutPhone: before };
        const stored = input.payoutPhone === row.phone ? null : input.payoutPhone;

        await setPayoutPhone(tx, id, stored);
        const notice = {
          newNumber: input.payoutPhone,
          contactEmail: config.contact.email,
          language: row.language,
        };
        await enqueueMail(
          tx,
          payoutChangedMail({
            ...notice,
            person: row,
            at: notices.now(),
            dashboardUrl: `${config.publicUrl}${paths.participantDashboard}?tab=profile`,
          }),
          { smtpConfigured: config.smtpUrl !== undefined, log },
        );
        if (STORED_E164.test(before)) {
          await enqueueSms(
            tx,
            { to: before, body: payoutChangedSms(notice), kind: PAYOUT_CHANGED_KIND },
            { log },
          );
        } else {
          log.warn(
            { kind: PAYOUT_CHANGED_KIND },
            'payout SMS skipped: the old number is not E.164',
          );
        }
        // The endings only: the trail outlives a deleted participant, their numbers must not.
        await recordAudit(tx, ctx, {
          action: 'participant.payout_phone.change',
          resource: 'participant',
          resourceId: id,
          details: {
            fromEnding: lastDigitsOf(before),
            toEnding: lastDigitsOf(input.payoutPhone),
            toPhone: stored === null,
          },
        });
        return { payoutPhone: input.payoutPhone };
      });
    },
  };
}
export type PayoutNumberService = ReturnType<typeof createPayoutNumberService>;
