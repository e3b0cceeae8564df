/**
 * Every mail the site sends, its words and its layout, in one place. Mail quotes what a
 * user typed only to the team (lead notifications) or to the account's own owner; the
 * auto-replies to the public forms and the e-mail-change notice quote nothing typed.
 */
import {
  inquiryBudgets,
  inquiryServices,
  researchBudgets,
  researchProjectTypes,
  researchTimelines,
  urgencies,
} from '../../../shared/schemas/options';
import type { ClientRequest, ResearchRequest } from '../../../shared/schemas/requests';
import { site } from '../../../shared/site';
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

/** A short letter: a greeting, one paragraph per line, an optional link, the signature. */
function letter(
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

const hello = (firstName: string) => `Hello ${firstName},`;

// ---- Accounts -------------------------------------------------------------------------

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
}): OutgoingMail {
  const ignore = 'If you did not ask for this, ignore this e-mail: your password stays as it is.';
  const text = [
    hello(input.firstName),
    '',
    `Someone asked to reset the password of your ${site.name} account.`,
    'Open this link within one hour to choose a new password:',
    '',
    input.link,
    '',
    ignore,
    '',
    signature,
  ].join('\n');
  const html = `<p>${escapeHtml(hello(input.firstName))}</p>
<p>Someone asked to reset the password of your ${escapeHtml(site.name)} account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>
<p>${escapeHtml(ignore)}</p>
<p>${escapeHtml(signature)}</p>`;
  return {
    to: input.to,
    subject: `Reset your ${site.name} password`,
    text,
    html,
    kind: 'password-reset',
  };
}

/**
 * Sent to the OLD address when an account's e-mail changes. It quotes nothing a user typed
 * (not the new address, not a name): whoever changed it cannot make it carry their text.
 */
export function emailChangedMail(input: { to: string; at: Date }): OutgoingMail {
  const when = input.at.toLocaleString('en-KE', {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return letter(
    {
      to: input.to,
      kind: 'email-changed',
      subject: `Your ${site.name} sign-in email was changed`,
    },
    'Hello,',
    [
      `The sign-in email address of your ${site.name} account was changed on ${when} (Nairobi time).`,
      'This address will no longer receive mail about the account.',
      `If you did not make this change, reply to this e-mail or write to ${site.email} at once so that we can secure your account.`,
    ],
  );
}

// ---- Participants: applications, payments, announcements -----------------------------

type Person = { email: string; firstName: string };

export function applicationScheduledMail(
  p: Person,
  studyTitle: string,
  dashboardUrl: string,
): OutgoingMail {
  return letter(
    { to: p.email, kind: 'application-scheduled', subject: `You're scheduled: ${studyTitle}` },
    hello(p.firstName),
    [
      `Good news: you have been scheduled for the study "${studyTitle}".`,
      'We will contact you with the session details. You can follow your applications on your dashboard.',
    ],
    { url: dashboardUrl, label: 'Open your dashboard' },
  );
}

export function applicationDeclinedMail(p: Person, studyTitle: string): OutgoingMail {
  return letter(
    {
      to: p.email,
      kind: 'application-declined',
      subject: `About your application: ${studyTitle}`,
    },
    hello(p.firstName),
    [
      `Thank you for applying to "${studyTitle}". This time we were not able to include you in the study.`,
      'New studies open regularly; complete profiles are matched with more opportunities.',
    ],
  );
}

export function applicationCompletedMail(
  p: Person,
  studyTitle: string,
  amountKes: string,
): OutgoingMail {
  return letter(
    {
      to: p.email,
      kind: 'application-completed',
      subject: `Thank you for taking part: ${studyTitle}`,
    },
    hello(p.firstName),
    [
      `You have completed the study "${studyTitle}". A payment of ${amountKes} is now pending and will be sent to you shortly.`,
    ],
  );
}

export function paymentCompletedMail(
  p: Person,
  amountKes: string,
  reference: string,
): OutgoingMail {
  return letter(
    { to: p.email, kind: 'payment-completed', subject: `Payment sent: ${amountKes}` },
    hello(p.firstName),
    [`We have sent you ${amountKes}. Reference: ${reference}.`],
  );
}

/** Every active participant's mail when studies open again (settings); text only. */
export function studiesOpenMail(p: Person, dashboardUrl: string): OutgoingMail {
  const { html: _html, ...textOnly } = letter(
    {
      to: p.email,
      kind: 'studies-open',
      subject: `New research studies are open — ${site.name}`,
    },
    hello(p.firstName),
    [`New paid research studies are open. Sign in to see them and apply: ${dashboardUrl}`],
  );
  return textOnly;
}

/**
 * The studies-open mail as one INSERT … SELECT writes it for every participant at once:
 * the same text, split around the first name the database fills in.
 */
export function studiesOpenMailAround(dashboardUrl: string) {
  const slot = '\u0000';
  const { kind, subject, text } = studiesOpenMail({ email: '', firstName: slot }, dashboardUrl);
  const [beforeName = '', afterName = ''] = text.split(slot);
  return { kind, subject, beforeName, afterName };
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
 */
function autoReply(to: string, kind: string, subject: string, line: string): OutgoingMail {
  const ignore =
    'If you did not send this request, you can ignore this e-mail: nothing else will follow.';
  return {
    to,
    kind,
    subject,
    text: `Hello,\n\n${line}\n\n${ignore}\n\n${signature}\n${site.email}`,
    html: `<p>Hello,</p><p>${escapeHtml(line)}</p><p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}<br>${escapeHtml(site.email)}</p>`,
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

export function inquiryConfirmationMail(r: Pick<InquiryForMail, 'email'>): OutgoingMail {
  return autoReply(
    r.email,
    'inquiry-confirmation',
    `We received your inquiry — ${site.name}`,
    'Thank you for telling us about your project. A product lead will contact you within 24 hours.',
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
export function researchConfirmationMail(r: Pick<ResearchForMail, 'email'>): OutgoingMail {
  return autoReply(
    r.email,
    'research-confirmation',
    `We received your research request — ${site.name}`,
    'Thank you for your research request. Our research team will contact you within 24 hours to plan the study.',
  );
}
