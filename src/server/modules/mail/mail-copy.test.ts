import { describe, expect, it } from 'vitest';
import { emailChangedMail, inquiryConfirmationMail, researchConfirmationMail } from './mail-copy';

// Decision 028: mail names the configured contact address, and none when CONTACT_EMAIL is unset.
describe('the contact address in mail', () => {
  it('the e-mail-change notice names CONTACT_EMAIL, or points to the contact form without one', () => {
    const at = new Date('2026-11-26T09:00:00Z');
    const named = emailChangedMail({
      to: 'a@example.com',
      at,
      contactEmail: 'hello@example.co.ke',
    });
    expect(named.text).toContain('write to hello@example.co.ke at once');
    const none = emailChangedMail({ to: 'a@example.com', at, contactEmail: null });
    expect(none.text).toContain('through the contact form on our website');
    expect(none.text).not.toMatch(/@(?!example\.com)/);
    const sw = emailChangedMail({ to: 'a@example.com', at, language: 'sw', contactEmail: null });
    expect(sw.text).toContain('kupitia fomu ya mawasiliano kwenye tovuti yetu');
  });

  it('the auto-replies sign with CONTACT_EMAIL, or with the name alone', () => {
    const signed = inquiryConfirmationMail({ email: 'v@example.com' }, 'en', 'hello@example.co.ke');
    expect(signed.text.endsWith('— InsightLab\nhello@example.co.ke')).toBe(true);
    expect(signed.html).toContain('<br>hello@example.co.ke</p>');
    const unsigned = researchConfirmationMail({ email: 'v@example.com' }, 'en', null);
    expect(unsigned.text.endsWith('— InsightLab')).toBe(true);
    expect(unsigned.html).not.toContain('<br>');
  });
});
