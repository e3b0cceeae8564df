import type { Language } from '../../../shared/i18n/languages';
import type { MessageArgs, MessageKey } from '../../../shared/i18n/namespaces';
import { translate } from '../../../shared/i18n/runtime';
import { formatKes, toCents } from '../../../shared/rules/money';
import { fitsOneSms } from '../../../shared/rules/sms';
import { useServerCatalogues } from '../../i18n/catalogues';
import { escapeHtml, hello, letter } from '../mail/mail-copy';
import type { OutgoingMail } from '../mail/mail.service';
import { plainSmsText } from '../sessions/session-copy';

/**
 * The invitation to a study (decisions.md section 10), in the participant's language:
 * the study's title, pay and length, a link to the dashboard, and the one-click
 * unsubscribe link. Everything but the greeting and that link is the same for everyone
 * of one language, so it is worded once per language and batch.
 */

export type InvitationStudy = { title: string; payRate: string; duration: number };

function say(language: Language, key: MessageKey<'mail'>, args?: MessageArgs): string {
  useServerCatalogues();
  return translate(language, 'mail', key, args);
}

export const INVITATION_KIND = 'study-invitation';

/** Builds one mail per person, with the wording of each language made once. */
export function invitationMailer(study: InvitationStudy, dashboardUrl: string) {
  const worded = new Map<Language, { subject: string; lines: string[]; linkLabel: string }>();
  const wording = (language: Language) => {
    let w = worded.get(language);
    if (!w) {
      w = {
        subject: say(language, 'invitation.subject', { studyTitle: study.title }),
        lines: [
          say(language, 'invitation.intro', { studyTitle: study.title }),
          say(language, 'invitation.details', {
            pay: formatKes(toCents(study.payRate), language),
            hours: study.duration,
          }),
          say(language, 'invitation.apply'),
          say(language, 'invitation.why'),
        ],
        linkLabel: say(language, 'invitation.linkLabel'),
      };
      worded.set(language, w);
    }
    return w;
  };
  return (
    person: { email: string; firstName: string; language: Language },
    unsubscribeUrl: string,
  ): OutgoingMail => {
    const w = wording(person.language);
    const mail = letter(
      { to: person.email, kind: INVITATION_KIND, subject: w.subject },
      hello(person.language, person.firstName),
      w.lines,
      { url: dashboardUrl, label: w.linkLabel },
    );
    const stop = say(person.language, 'invitation.unsubscribe', { url: unsubscribeUrl });
    // The unsubscribe line closes the mail, after the signature, as mailing lists do.
    return {
      ...mail,
      text: `${mail.text}\n\n${stop}`,
      html: `${mail.html ?? ''}${htmlStop(stop, unsubscribeUrl)}`,
    };
  };
}

function htmlStop(line: string, url: string): string {
  const escaped = escapeHtml(url);
  return `<p style="font-size:small">${escapeHtml(line).replace(escaped, `<a href="${escaped}">${escaped}</a>`)}</p>`;
}

const ELLIPSIS = '...';

/**
 * The invitation SMS of one language (the same for everyone): the title cut to fit one
 * SMS, with the dashboard link when it fits beside at least 20 characters of the title,
 * else without it; null when not even that fits.
 */
export function invitationSms(
  study: InvitationStudy,
  language: Language,
  dashboardUrl: string,
): string | null {
  const title = plainSmsText(study.title);
  const pay = plainSmsText(formatKes(toCents(study.payRate), language));
  for (const key of ['invitation.sms', 'invitation.smsNoLink'] as const) {
    const render = (t: string) =>
      plainSmsText(say(language, key, { studyTitle: t, pay, url: dashboardUrl }));
    for (let room = title.length; room >= Math.min(20, title.length); room--) {
      const cut = room === title.length ? title : `${title.slice(0, room).trimEnd()}${ELLIPSIS}`;
      const text = render(cut);
      if (fitsOneSms(text)) return text;
    }
  }
  return null;
}
