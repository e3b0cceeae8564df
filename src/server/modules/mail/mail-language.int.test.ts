import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import {
  clientRequestInput,
  createParticipant,
  createStudy,
  loginAs,
  researchRequestInput,
  signIn,
} from '../../../../test/factories';
import { mailOutbox, payments } from '../../db/schema/index';
import type { Language } from '../../../shared/i18n/languages';
import type { MessageArgs, MessageKey } from '../../../shared/i18n/namespaces';
import { translate } from '../../../shared/i18n/runtime';
import { site } from '../../../shared/site';

/**
 * Mail to a participant is written in their language (decisions.md section 13), whoever
 * causes it and whatever that request's Accept-Language; a visitor's auto-reply in the
 * language of the form they sent; the team's notifications in English.
 */
let t: TestApp;
let boss: { cookie: string };
const NOTIFY = 'team@insightlab.example';
const CONTACT = 'hello@insightlab.example';
beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFY_EMAIL: NOTIFY, CONTACT_EMAIL: CONTACT } });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const m = (language: Language, key: MessageKey<'mail'>, args?: MessageArgs) =>
  translate(language, 'mail', key, args);
const siteName = site.name;

async function latestMail(to: string, kind: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  expect(mail, `${kind} to ${to}`).toBeDefined();
  return mail!;
}

const asAdmin = (method: 'PUT', url: string, payload: object) =>
  t.app.inject({
    method,
    url,
    // The console speaks English; the participant's mail must not follow it.
    headers: { cookie: boss.cookie, 'accept-language': 'en' },
    payload,
  });

describe('password-reset mail', () => {
  const forgot = (email: string, acceptLanguage: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': acceptLanguage },
      payload: { email },
    });

  it('is in Kiswahili for a Kiswahili participant, even asked from an English page', async () => {
    const { input } = await createParticipant(t.app, { language: 'sw', firstName: 'Wanjiku' });
    expect((await forgot(input.email, 'en')).statusCode).toBe(202);
    const mail = await latestMail(input.email, 'password-reset');
    expect(mail.subject).toBe(m('sw', 'passwordReset.subject', { siteName }));
    expect(mail.subject).toBe(`Weka nenosiri jipya la akaunti yako ya ${siteName}`);
    expect(mail.textBody).toMatch(/^Habari Wanjiku,\n\n/);
    expect(mail.textBody).toContain(m('sw', 'passwordReset.openLink'));
    expect(mail.textBody).toContain(m('sw', 'passwordReset.ignore'));
    expect(mail.textBody).toMatch(/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail.htmlBody).toContain(`>${m('sw', 'passwordReset.linkLabel')}</a>`);
    expect(mail.textBody).not.toMatch(/Someone asked|Hello/);
  });

  it('is in English for an English participant, even asked from a Kiswahili page', async () => {
    const { input } = await createParticipant(t.app, { firstName: 'Amina' });
    expect((await forgot(input.email, 'sw')).statusCode).toBe(202);
    const mail = await latestMail(input.email, 'password-reset');
    expect(mail.subject).toBe(`Reset your ${siteName} password`);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
    expect(mail.textBody).toBe(
      [
        'Hello Amina,',
        '',
        `Someone asked to reset the password of your ${siteName} account.`,
        'Open this link within one hour to choose a new password:',
        '',
        `${t.config.publicUrl}/reset-password?token=${token}`,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
        `— ${siteName}`,
      ].join('\n'),
    );
  });

  it("follows a change of the participant's language", async () => {
    const { input, participant } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${participant.id}/profile`,
      headers: { cookie },
      payload: { language: 'sw' },
    });
    expect(update.statusCode).toBe(200);
    await forgot(input.email, 'en');
    expect((await latestMail(input.email, 'password-reset')).subject).toBe(
      m('sw', 'passwordReset.subject', { siteName }),
    );
  });
});

describe("a participant's study and payment mail", () => {
  async function scheduledAndPaid(language: Language) {
    const { input, participant } = await createParticipant(t.app, {
      language,
      firstName: 'Baraka',
    });
    const { cookie } = await signIn(t.app, input.email);
    const study = await createStudy(t.database.db, { payRate: '750.00', duration: 2 });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { participantId: participant.id, testId: study.id },
    });
    expect(applied.statusCode).toBe(201);
    const applicationId = applied.json().application.id as string;
    const move = (status: string) =>
      asAdmin('PUT', `/api/applications/${applicationId}/status`, { status });
    expect((await move('scheduled')).statusCode).toBe(200);
    expect((await move('completed')).statusCode).toBe(200);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, applicationId));
    for (const status of ['processing', 'completed'])
      expect(
        (
          await asAdmin('PUT', `/api/payments/${payment!.id}/status`, {
            status,
            ...(status === 'completed' ? { transactionId: 'SJK4H2LQ9P' } : {}),
          })
        ).statusCode,
      ).toBe(200);
    return { email: input.email, studyTitle: study.title };
  }

  it('is in Kiswahili for a Kiswahili participant, though the admin works in English', async () => {
    const { email, studyTitle } = await scheduledAndPaid('sw');
    const scheduled = await latestMail(email, 'application-scheduled');
    expect(scheduled.subject).toBe(`Umepangwa kushiriki: ${studyTitle}`);
    expect(scheduled.textBody).toContain(m('sw', 'applicationScheduled.goodNews', { studyTitle }));
    expect(scheduled.textBody).toContain(`${m('sw', 'applicationScheduled.linkLabel')}: `);

    const completed = await latestMail(email, 'application-completed');
    expect(completed.subject).toBe(m('sw', 'applicationCompleted.subject', { studyTitle }));
    expect(completed.textBody).toMatch(/^Habari Baraka,\n/);
    expect(completed.textBody).toMatch(/Malipo ya Ksh\s1,500 yanasubiri/);

    const paid = await latestMail(email, 'payment-completed');
    expect(paid.subject).toMatch(/^Malipo yametumwa: Ksh\s1,500$/);
    expect(paid.textBody).toMatch(/Tumekutumia Ksh\s1,500\. Nambari ya muamala: SJK4H2LQ9P\./);
  });

  it('stays in English, word for word, for an English participant', async () => {
    const { email, studyTitle } = await scheduledAndPaid('en');
    const scheduled = await latestMail(email, 'application-scheduled');
    expect(scheduled.subject).toBe(`You're scheduled: ${studyTitle}`);
    expect(scheduled.textBody).toContain(
      `Good news: you have been scheduled for the study "${studyTitle}".`,
    );
    const completed = await latestMail(email, 'application-completed');
    expect(completed.textBody).toMatch(
      /A payment of Ksh\s1,500 is now pending and will be sent to you shortly\./,
    );
    const paid = await latestMail(email, 'payment-completed');
    expect(paid.subject).toMatch(/^Payment sent: Ksh\s1,500$/);
    expect(paid.textBody).toMatch(
      /^Hello Baraka,\n\nWe have sent you Ksh\s1,500\. Reference: SJK4H2LQ9P\.\n/,
    );
  });

  it("declines in the participant's language", async () => {
    const { input, participant } = await createParticipant(t.app, { language: 'sw' });
    const { cookie } = await signIn(t.app, input.email);
    const study = await createStudy(t.database.db);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { participantId: participant.id, testId: study.id },
    });
    const id = applied.json().application.id as string;
    expect(
      (await asAdmin('PUT', `/api/applications/${id}/status`, { status: 'declined' })).statusCode,
    ).toBe(200);
    const mail = await latestMail(input.email, 'application-declined');
    expect(mail.subject).toBe(`Kuhusu ombi lako: ${study.title}`);
    expect(mail.textBody).toContain(m('sw', 'applicationDeclined.more'));
  });
});

describe('the e-mail-change notice', () => {
  it("is in the participant's language, with the date as their locale writes it", async () => {
    const { input, participant } = await createParticipant(t.app, { language: 'sw' });
    const { cookie } = await signIn(t.app, input.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${participant.id}/profile`,
      headers: { cookie },
      payload: { email: `new.${input.email}`, currentPassword: input.password },
    });
    expect(res.statusCode).toBe(200);
    const mail = await latestMail(input.email, 'email-changed');
    expect(mail.subject).toBe(m('sw', 'emailChanged.subject', { siteName }));
    expect(mail.textBody).toMatch(/^Habari,\n/);
    expect(mail.textBody).toContain(m('sw', 'emailChanged.noLonger'));
    expect(mail.textBody).toContain(m('sw', 'emailChanged.notYou', { contactEmail: CONTACT }));
    // sw-KE month names: "... Januari ...", "... Novemba ..." (never the English ones).
    expect(mail.textBody).toMatch(
      /ilibadilishwa tarehe \d{1,2} (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}/,
    );
    expect(mail.textBody).not.toContain(`new.${input.email}`);
  });
});

describe("a visitor's lead mail", () => {
  it("answers in the language of the visitor's request; the team's notice stays English", async () => {
    const inquiry = clientRequestInput();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' },
      payload: inquiry,
    });
    expect(sent.statusCode).toBe(201);
    const reply = await latestMail(inquiry.email, 'inquiry-confirmation');
    expect(reply.subject).toBe(`Tumepokea ujumbe wako — ${siteName}`);
    expect(reply.textBody).toBe(
      [
        'Habari,',
        '',
        m('sw', 'inquiryConfirmation.line'),
        '',
        m('sw', 'lead.ignore'),
        '',
        `— ${siteName}`,
        CONTACT,
      ].join('\n'),
    );
    const notice = await latestMail(NOTIFY, 'inquiry-notification');
    expect(notice.subject).toBe(`New inquiry from ${inquiry.companyName}`);
    expect(notice.textBody).toMatch(/^A company asked to work with us\./);

    const research = researchRequestInput();
    await t.app.inject({ method: 'POST', url: '/api/research-requests', payload: research });
    const english = await latestMail(research.email, 'research-confirmation');
    expect(english.subject).toBe(`We received your research request — ${siteName}`);
    expect(english.textBody).toMatch(/^Hello,\n\nThank you for your research request\./);
  });
});

describe('the studies-open announcement', () => {
  it('reaches each participant in their own language in one statement', async () => {
    const swahili = await createParticipant(t.app, { language: 'sw', firstName: 'Juma' });
    const english = await createParticipant(t.app, { firstName: 'Grace' });
    // The test app starts with studies open: postpone them, so that opening announces.
    await asAdmin('PUT', '/api/settings', { settings: { studiesOpen: false } });
    const open = await asAdmin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    expect(open.statusCode).toBe(200);
    const sw = await latestMail(swahili.input.email, 'studies-open');
    expect(sw.subject).toBe(m('sw', 'studiesOpen.subject', { siteName }));
    expect(sw.textBody).toMatch(/^Habari Juma,\n\nTafiti mpya za kulipwa zimefunguliwa\./);
    const en = await latestMail(english.input.email, 'studies-open');
    expect(en.subject).toBe(`New research studies are open — ${siteName}`);
    expect(en.textBody).toMatch(/^Hello Grace,\n\nNew paid research studies are open\./);
  });
});
