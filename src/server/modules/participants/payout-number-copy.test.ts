import { describe, expect, it } from 'vitest';
import { languages } from '../../../shared/i18n/languages';
import { fitsOneSms } from '../../../shared/rules/sms';
import { payoutChangedMail, payoutChangedSms } from './payout-number-copy';

const newNumber = '+254712345678';

describe('the payout-number notices', () => {
  for (const language of languages) {
    it(`fit one SMS and never carry the whole new number (${language})`, () => {
      for (const contactEmail of [
        null,
        'care@insightlab.test',
        `a-very-long-mailbox-name.for-the-research-operations-team@${'x'.repeat(60)}.example`,
      ]) {
        const sms = payoutChangedSms({ newNumber, contactEmail, language });
        expect(fitsOneSms(sms), sms).toBe(true);
        expect(sms).toContain('678');
        expect(sms).not.toContain('345678');
        expect(sms.startsWith('InsightLab: ')).toBe(true);
      }
    });

    it(`mail the participant in their language with the last digits only (${language})`, () => {
      const mail = payoutChangedMail({
        person: { email: 'a@example.com', firstName: 'Amina <b>', language },
        newNumber,
        at: new Date('2026-03-02T08:00:00Z'),
        dashboardUrl: 'https://insightlab.test/participant/dashboard?tab=profile',
        contactEmail: 'care@insightlab.test',
      });
      expect(mail.kind).toBe('payout-number-changed');
      for (const body of [mail.text, mail.html ?? '', mail.subject])
        expect(body).not.toContain('345678');
      expect(mail.text).toContain('678');
      expect(mail.text).toContain('care@insightlab.test');
      // What the participant typed is escaped in the HTML.
      expect(mail.html).toContain('Amina &lt;b&gt;');
    });
  }

  it('says when in Nairobi time, in the participant’s words', () => {
    const at = new Date('2026-03-02T08:00:00Z');
    const person = { email: 'a@example.com', firstName: 'Amina' };
    const common = { newNumber, at, dashboardUrl: 'https://x.test/', contactEmail: null };
    expect(payoutChangedMail({ ...common, person: { ...person, language: 'en' } }).text).toMatch(
      /2 March 2026 at 11:00/,
    );
    expect(payoutChangedMail({ ...common, person: { ...person, language: 'sw' } }).text).toMatch(
      /2 Machi 2026/,
    );
  });
});
