import { site } from '../../../shared/site';
import type { OutgoingMail } from '../mail/mail.service';
import { escapeHtml } from '../mail/templates';

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
  const lines = [
    `The sign-in email address of your ${site.name} account was changed on ${when} (Nairobi time).`,
    'This address will no longer receive mail about the account.',
    `If you did not make this change, reply to this e-mail or write to ${site.email} at once so that we can secure your account.`,
  ];
  return {
    to: input.to,
    kind: 'email-changed',
    subject: `Your ${site.name} sign-in email was changed`,
    text: ['Hello,', '', ...lines, '', `— ${site.name}`].join('\n'),
    html: `<p>Hello,</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>— ${escapeHtml(site.name)}</p>`,
  };
}
