/**
 * What a participant is told when their payout number changes (decisions.md section 11):
 * a mail to them and an SMS to the OLD number, in their language, worded in the `mail`
 * catalogue. Neither carries the whole new number, only its last digits: the old number
 * may no longer be theirs, and a mail may be read over a shoulder.
 */
import { type Language, localeOf } from '../../../shared/i18n/languages';
import type { MessageArgs, MessageKey } from '../../../shared/i18n/namespaces';
import { translate } from '../../../shared/i18n/runtime';
import { lastDigitsOf } from '../../../shared/phone';
import { fitsOneSms } from '../../../shared/rules/sms';
import { site } from '../../../shared/site';
import { useServerCatalogues } from '../../i18n/catalogues';
import { hello, letter } from '../mail/mail-copy';
import type { OutgoingMail } from '../mail/mail.service';

export const PAYOUT_CHANGED_KIND = 'payout-number-changed';

export type PayoutChangedNotice = {
  person: { email: string; firstName: string; language: Language };
  newNumber: string;
  at: Date;
  /** Where the participant sees the number (their dashboard). */
  dashboardUrl: string;
  /** config.contact.email; without it the texts point to the website. */
  contactEmail: string | null;
};

function say(language: Language, key: MessageKey<'mail'>, args?: MessageArgs): string {
  useServerCatalogues();
  return translate(language, 'mail', key, args);
}

export function payoutChangedMail(n: PayoutChangedNotice): OutgoingMail {
  const { language } = n.person;
  const siteName = site.name;
  const when = n.at.toLocaleString(localeOf[language], {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return letter(
    {
      to: n.person.email,
      kind: PAYOUT_CHANGED_KIND,
      subject: say(language, 'payoutChanged.subject', { siteName }),
    },
    hello(language, n.person.firstName),
    [
      say(language, 'payoutChanged.changed', {
        siteName,
        when,
        lastDigits: lastDigitsOf(n.newNumber),
      }),
      say(language, 'payoutChanged.oldNumberTold'),
      n.contactEmail
        ? say(language, 'payoutChanged.notYou', { contactEmail: n.contactEmail })
        : say(language, 'payoutChanged.notYouNoContact'),
    ],
    { url: n.dashboardUrl, label: say(language, 'payoutChanged.linkLabel') },
  );
}

/** The SMS to the old number: one SMS, naming the contact address when it fits. */
export function payoutChangedSms(
  n: Pick<PayoutChangedNotice, 'newNumber' | 'contactEmail'> & { language: Language },
): string {
  const lastDigits = lastDigitsOf(n.newNumber);
  if (n.contactEmail) {
    const text = say(n.language, 'sms.payoutChanged', { lastDigits, contactEmail: n.contactEmail });
    if (fitsOneSms(text)) return text;
  }
  return say(n.language, 'sms.payoutChangedNoContact', { lastDigits });
}
