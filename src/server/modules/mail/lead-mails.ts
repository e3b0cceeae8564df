import {
  inquiryBudgets,
  inquiryServices,
  researchBudgets,
  researchProjectTypes,
  researchTimelines,
  urgencies,
} from '../../../shared/schemas/options';
import { site } from '../../../shared/site';
import type { OutgoingMail } from './mail.service';
import { escapeHtml } from './templates';

type Options = { options: readonly { value: string; label: string }[] };
const labelOf = (set: Options, value: string | null | undefined) =>
  value ? (set.options.find((o) => o.value === value)?.label ?? value) : 'not given';

function table(rows: [string, string][]) {
  const text = rows.map(([k, v]) => `${k}: ${v}`).join('\n');
  const html = `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v).replace(/\n/g, '<br>')}</td></tr>`).join('')}</table>`;
  return { text, html };
}

export type InquiryForMail = {
  id: string;
  companyName: string;
  contactPerson: string;
  email: string;
  service: string;
  urgency: string | null;
  budget: string | null;
  message: string;
};

export function inquiryNotificationMail(
  to: string,
  r: InquiryForMail,
  adminUrl: string,
): OutgoingMail {
  const { text, html } = table([
    ['Company', r.companyName],
    ['Contact', r.contactPerson],
    ['Email', r.email],
    ['Service', labelOf(inquiryServices, r.service)],
    ['Urgency', labelOf(urgencies, r.urgency)],
    ['Budget', labelOf(inquiryBudgets, r.budget)],
    ['Project', r.message],
  ]);
  return {
    to,
    kind: 'inquiry-notification',
    subject: `New inquiry from ${r.companyName}`,
    text: `A company asked to work with us.\n\n${text}\n\nOpen the admin dashboard: ${adminUrl}`,
    html: `<p>A company asked to work with us.</p>${html}<p><a href="${escapeHtml(adminUrl)}">Open the admin dashboard</a></p>`,
  };
}

/**
 * The auto-reply to an inquiry quotes nothing the sender typed, not even a name: the
 * form takes any address, so quoted text would let anyone make the site mail it to anyone.
 */
export function inquiryConfirmationMail(r: Pick<InquiryForMail, 'email'>): OutgoingMail {
  return autoReply(
    r.email,
    'inquiry-confirmation',
    `We received your inquiry — ${site.name}`,
    'Thank you for telling us about your project. A product lead will contact you within 24 hours.',
  );
}

function autoReply(to: string, kind: string, subject: string, line: string): OutgoingMail {
  const ignore =
    'If you did not send this request, you can ignore this e-mail: nothing else will follow.';
  return {
    to,
    kind,
    subject,
    text: `Hello,\n\n${line}\n\n${ignore}\n\n— ${site.name}\n${site.email}`,
    html: `<p>Hello,</p><p>${escapeHtml(line)}</p><p>${escapeHtml(ignore)}</p><p>— ${escapeHtml(site.name)}<br>${escapeHtml(site.email)}</p>`,
  };
}

export type ResearchForMail = {
  company: string;
  contactName: string;
  email: string;
  phone: string;
  projectType: string | null;
  description: string;
  timeline: string | null;
  budget: string | null;
  targetAudience: string | null;
  goals: string | null;
};

export function researchNotificationMail(
  to: string,
  r: ResearchForMail,
  adminUrl: string,
): OutgoingMail {
  const { text, html } = table([
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
  ]);
  return {
    to,
    kind: 'research-notification',
    subject: `New research request from ${r.company}`,
    text: `A company asked for research validation.\n\n${text}\n\nOpen the admin dashboard: ${adminUrl}`,
    html: `<p>A company asked for research validation.</p>${html}<p><a href="${escapeHtml(adminUrl)}">Open the admin dashboard</a></p>`,
  };
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
