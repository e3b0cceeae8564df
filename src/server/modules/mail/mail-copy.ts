/**
 * Every mail the site sends, its layout in one place. Mail to participants and visitors is
 * worded in the `mail` catalogue, in their language (decisions.md section 13); the team's
 * lead notifications stay English here, like the console. Mail quotes what a user typed
 * only to the team (lead notifications) or to the account's own owner; the auto-replies to
 * the public forms and the e-mail-change notice quote nothing typed.
 */
import {
  inquiryBudgets,
  inquiryServices,
  researchBudgets,
  researchProjectTypes,
  researchTimelines,
  urgencies,
} from '../../../shared/schemas/options';
import {
  defaultLanguage,
  type Language,
  languages,
  localeOf,
} from '../../../shared/i18n/languages';
import type { MessageArgs, MessageKey } from '../../../shared/i18n/namespaces';
import { translate } from '../../../shared/i18n/runtime';
import { formatKes, toCents } from '../../../shared/rules/money';
import type { ClientRequest, ResearchRequest } from '../../../shared/schemas/requests';
import { site } from '../../../shared/site';
import { useServerCatalogues } from '../../i18n/catalogues';
import type { OutgoingMail } from './mail.service';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const signature = `— ${site.name}`;

/**
 * One message of the `mail` namespace in the recipient's language (never the request's: an
 * admin's action mails the participant in theirs). Mail is rendered when it is queued, so
 * the language is fixed then.
 */
function say(language: Language, key: MessageKey<'mail'>, args?: MessageArgs): string {
  useServerCatalogues(); // a script may queue mail without building the app
  return translate(language, 'mail', key, args);
}

const siteName = site.name;

/** A short letter: a greeting, one paragraph per line, an optional link, the signature. */
export function letter(
  mail: { to: string; kind: string; subject: string },
  greeting: string,
  lines: string[],
  link?: { url: string; label: string },
): OutgoingMail {
  const text = [
    greeting,
    '',
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    signature,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}<p>${escapeHtml(signature)}</p>`;
  return { ...mail, text, html };
}

/** The greeting by first name, or a plain one without a name. */
export const hello = (language: Language, firstName: string) =>
  firstName ? say(language, 'hello', { firstName }) : say(language, 'helloThere');

// ---- Accounts -------------------------------------------------------------------------

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  /** The account's language (a participant's own; admins English). */
  language?: Language;
}): OutgoingMail {
  const language = input.language ?? defaultLanguage;
  const greeting = hello(language, input.firstName);
  const asked = say(language, 'passwordReset.asked', { siteName });
  const openLink = say(language, 'passwordReset.openLink');
  const ignore = say(language, 'passwordReset.ignore');
  const text = [greeting, '', asked, openLink, '', input.link, '', ignore, '', signature].join(
    '\n',
  );
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)} ${escapeHtml(openLink)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(say(language, 'passwordReset.linkLabel'))}</a></p>
<p>${escapeHtml(ignore)}</p>
<p>${escapeHtml(signature)}</p>`;
  return {
    to: input.to,
    subject: say(language, 'passwordReset.subject', { siteName }),
    text,
    html,
    kind: 'password-reset',
  };
}

/**
 * Sent to the OLD address when an account's e-mail changes. It quotes nothing a user typed
 * (not the new address, not a name): whoever changed it cannot make it carry their text.
 */
export function emailChangedMail(input: {
  to: string;
  at: Date;
  language?: Language;
  /** The configured CONTACT_EMAIL, named in the mail; without it the mail names no address. */
  contactEmail?: string | null;
}): OutgoingMail {
  const language = input.language ?? defaultLanguage;
  const when = input.at.toLocaleString(localeOf[language], {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return letter(
    {
      to: input.to,
      kind: 'email-changed',
      subject: say(language, 'emailChanged.subject', { siteName }),
    },
    say(language, 'helloNoName'),
    [
      say(language, 'emailChanged.changed', { siteName, when }),
      say(language, 'emailChanged.noLonger'),
      input.contactEmail
        ? say(language, 'emailChanged.notYou', { contactEmail: input.contactEmail })
        : say(language, 'emailChanged.notYouNoContact'),
    ],
  );
}

// ---- Participants: applications, payments, announcements -----------------------------

/** A participant as their mail needs them: where, whom to greet, in which language. */
type Person = { email: string; firstName: string; language: Language };

/** A KES amount ("1500.00") as the participant's locale writes it. */
const kes = (amount: string, language: Language) => formatKes(toCents(amount), language);

export function applicationScheduledMail(
  p: Person,
  studyTitle: string,
  dashboardUrl: string,
): OutgoingMail {
  const { language } = p;
  return letter(
    {
      to: p.email,
      kind: 'application-scheduled',
      subject: say(language, 'applicationScheduled.subject', { studyTitle }),
    },
    hello(language, p.firstName),
    [
      say(language, 'applicationScheduled.goodNews', { studyTitle }),
      say(language, 'applicationScheduled.next'),
    ],
    { url: dashboardUrl, label: say(language, 'applicationScheduled.linkLabel') },
  );
}

export function applicationDeclinedMail(p: Person, studyTitle: string): OutgoingMail {
  const { language } = p;
  return letter(
    {
      to: p.email,
      kind: 'application-declined',
      subject: say(language, 'applicationDeclined.subject', { studyTitle }),
    },
    hello(language, p.firstName),
    [
      say(language, 'applicationDeclined.thanks', { studyTitle }),
      say(language, 'applicationDeclined.more'),
    ],
  );
}

/** `amount` is the API's decimal string ("1500.00"), written in the participant's locale. */
export function applicationCompletedMail(
  p: Person,
  studyTitle: string,
  amount: string,
): OutgoingMail {
  const { language } = p;
  return letter(
    {
      to: p.email,
      kind: 'application-completed',
      subject: say(language, 'applicationCompleted.subject', { studyTitle }),
    },
    hello(language, p.firstName),
    [
      say(language, 'applicationCompleted.paymentPending', {
        studyTitle,
        amount: kes(amount, language),
      }),
    ],
  );
}

/** `amount` is the API's decimal string ("1500.00"), written in the participant's locale. */
export function paymentCompletedMail(p: Person, amount: string, reference: string): OutgoingMail {
  const { language } = p;
  const shown = kes(amount, language);
  return letter(
    {
      to: p.email,
      kind: 'payment-completed',
      subject: say(language, 'paymentCompleted.subject', { amount: shown }),
    },
    hello(language, p.firstName),
    [say(language, 'paymentCompleted.sent', { amount: shown, reference })],
  );
}

/** Every active participant's mail when studies open again (settings); text only. */
export function studiesOpenMail(
  p: Person,
  dashboardUrl: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const { language } = p;
  const { html: _html, ...letterText } = letter(
    {
      to: p.email,
      kind: 'studies-open',
      subject: say(language, 'studiesOpen.subject', { siteName }),
    },
    hello(language, p.firstName),
    [say(language, 'studiesOpen.line', { url: dashboardUrl })],
  );
  // The way out, at the end (the List-Unsubscribe header carries the same choice).
  const text = `${letterText.text}\n\n${say(language, 'unsubscribe.studies', { url: unsubscribeUrl })}`;
  return { ...letterText, text };
}

/**
 * The studies-open mail cut around what differs per person (their first name and their own
 * unsubscribe link), rendered once per language: a mail to every participant then costs
 * two concatenations each, not a message format.
 */
export function studiesOpenMailTemplate(dashboardUrl: string) {
  const nameSlot = '\u0000';
  const urlSlot = '\u0001';
  return Object.fromEntries(
    languages.map((language) => {
      const { kind, subject, text } = studiesOpenMail(
        { email: '', firstName: nameSlot, language },
        dashboardUrl,
        urlSlot,
      );
      const [beforeName = '', rest = ''] = text.split(nameSlot);
      const [afterName = '', afterUrl = ''] = rest.split(urlSlot);
      return [
        language,
        {
          kind,
          subject,
          text: (firstName: string, unsubscribeUrl: string) =>
            beforeName + firstName + afterName + unsubscribeUrl + afterUrl,
        },
      ];
    }),
  ) as Record<
    Language,
    { kind: string; subject: string; text(firstName: string, unsubscribeUrl: string): string }
  >;
}

// ---- Leads from the public forms ------------------------------------------------------

type Options = { options: readonly { value: string; label: string }[] };
const labelOf = (set: Options, value: string | null | undefined) =>
  value ? (set.options.find((o) => o.value === value)?.label ?? value) : 'not given';

function table(rows: [string, string][]) {
  const text = rows.map(([k, v]) => `${k}: ${v}`).join('\n');
  const html = `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`;
  return { text, html };
}

/** The team's notification of a lead: what was asked, and the way to the dashboard. */
function leadNotification(
  mail: { to: string; kind: string; subject: string },
  intro: string,
  rows: [string, string][],
  adminUrl: string,
): OutgoingMail {
  const { text, html } = table(rows);
  return {
    ...mail,
    text: `${intro}\n\n${text}\n\nOpen the admin dashboard: ${adminUrl}`,
    html: `<p>${intro}</p>${html}<p><a href="${escapeHtml(adminUrl)}">Open the admin dashboard</a></p>`,
  };
}

/**
 * The auto-reply to a lead quotes nothing the sender typed, not even a name: the form
 * takes any address, so quoted text would let anyone make the site mail it to anyone.
 * It is written in the language of the form the visitor sent.
 */
function autoReply(
  to: string,
  kind: string,
  subject: string,
  line: string,
  language: Language,
  contactEmail: string | null,
): OutgoingMail {
  const greeting = say(language, 'helloNoName');
  const ignore = say(language, 'lead.ignore');
  return {
    to,
    kind,
    subject,
    // The signature names the configured contact address only (decision 028).
    text: `${greeting}\n\n${line}\n\n${ignore}\n\n${signature}${contactEmail ? `\n${contactEmail}` : ''}`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}${contactEmail ? `<br>${escapeHtml(contactEmail)}` : ''}</p>`,
  };
}

type InquiryForMail = Omit<ClientRequest, 'id' | 'status' | 'createdAt'>;

export function inquiryNotificationMail(
  to: string,
  r: InquiryForMail,
  adminUrl: string,
): OutgoingMail {
  return leadNotification(
    { to, kind: 'inquiry-notification', subject: `New inquiry from ${r.companyName}` },
    'A company asked to work with us.',
    [
      ['Company', r.companyName],
      ['Contact', r.contactPerson],
      ['Email', r.email],
      ['Service', labelOf(inquiryServices, r.service)],
      ['Urgency', labelOf(urgencies, r.urgency)],
      ['Budget', labelOf(inquiryBudgets, r.budget)],
      ['Project', r.message],
    ],
    adminUrl,
  );
}

export function inquiryConfirmationMail(
  r: Pick<InquiryForMail, 'email'>,
  language: Language = defaultLanguage,
  contactEmail: string | null = null,
): OutgoingMail {
  return autoReply(
    r.email,
    'inquiry-confirmation',
    say(language, 'inquiryConfirmation.subject', { siteName }),
    say(language, 'inquiryConfirmation.line'),
    language,
    contactEmail,
  );
}

type ResearchForMail = Omit<ResearchRequest, 'id' | 'status' | 'createdAt'>;

export function researchNotificationMail(
  to: string,
  r: ResearchForMail,
  adminUrl: string,
): OutgoingMail {
  return leadNotification(
    { to, kind: 'research-notification', subject: `New research request from ${r.company}` },
    'A company asked for research validation.',
    [
      ['Company', r.company],
      ['Contact', r.contactName],
      ['Email', r.email],
      ['Phone', r.phone],
      ['Project type', labelOf(researchProjectTypes, r.projectType)],
      ['Timeline', labelOf(researchTimelines, r.timeline)],
      ['Budget', labelOf(researchBudgets, r.budget)],
      ['Target audience', r.targetAudience ?? 'not given'],
      ['Goals', r.goals ?? 'not given'],
      ['Description', r.description],
    ],
    adminUrl,
  );
}

/** Like the inquiry's auto-reply: quotes nothing the sender typed. */
export function researchConfirmationMail(
  r: Pick<ResearchForMail, 'email'>,
  language: Language = defaultLanguage,
  contactEmail: string | null = null,
): OutgoingMail {
  return autoReply(
    r.email,
    'research-confirmation',
    say(language, 'researchConfirmation.subject', { siteName }),
    say(language, 'researchConfirmation.line'),
    language,
    contactEmail,
  );
}
