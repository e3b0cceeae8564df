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

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
}): OutgoingMail {
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Someone asked to reset the password of your ${site.name} account.`,
    'Open this link within one hour to choose a new password:',
    '',
    input.link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `— ${site.name}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(site.name)} account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(input.link)}">Choose a new password</a></p>
<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
<p>— ${escapeHtml(site.name)}</p>`;
  return {
    to: input.to,
    subject: `Reset your ${site.name} password`,
    text,
    html,
    kind: 'password-reset',
  };
}
