import { site } from '../../../shared/site';
import type { OutgoingMail } from './mail.service';
import { escapeHtml } from './templates';

function mail(
  to: string,
  kind: string,
  subject: string,
  firstName: string,
  lines: string[],
  link?: { url: string; label: string },
): OutgoingMail {
  const text = [
    `Hello ${firstName},`,
    '',
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    `— ${site.name}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(firstName)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}<p>— ${escapeHtml(site.name)}</p>`;
  return { to, kind, subject, text, html };
}

type Person = { email: string; firstName: string };

export function applicationScheduledMail(
  p: Person,
  studyTitle: string,
  dashboardUrl: string,
): OutgoingMail {
  return mail(
    p.email,
    'application-scheduled',
    `You're scheduled: ${studyTitle}`,
    p.firstName,
    [
      `Good news: you have been scheduled for the study "${studyTitle}".`,
      'We will contact you with the session details. You can follow your applications on your dashboard.',
    ],
    { url: dashboardUrl, label: 'Open your dashboard' },
  );
}

export function applicationDeclinedMail(p: Person, studyTitle: string): OutgoingMail {
  return mail(
    p.email,
    'application-declined',
    `About your application: ${studyTitle}`,
    p.firstName,
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
  return mail(
    p.email,
    'application-completed',
    `Thank you for taking part: ${studyTitle}`,
    p.firstName,
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
  return mail(p.email, 'payment-completed', `Payment sent: ${amountKes}`, p.firstName, [
    `We have sent you ${amountKes}. Reference: ${reference}.`,
  ]);
}
