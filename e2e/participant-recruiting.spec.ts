// Recruiting as a participant sees it (decisions.md section 10, decision 036): the research
// profile filled in three steps with the keyboard only on a phone, the studies that fit
// (and how many more need a fuller profile), applying through a screener (one answer rules
// the applicant out, kindly; another applies), the invitation choice in settings, the
// terms-changed dialog, the unsubscribe page from an invitation mail, and all of it again in
// Kiswahili with no English left. Staff make the studies through the admin API. The file has
// its own server, so the counts of hidden studies are exactly its own.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { englishLeftovers, message } from './support/catalogues';
import {
  adminApi,
  type Api,
  createActiveStudy,
  isFocused,
  keyTo,
  participant,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
} from './support/kit';
import { mailTo } from './support/mail-catcher';
import { useOwnServer } from './support/own-server';

const session = useBrowser();
const server = useOwnServer({ studiesOpen: true });

const NEW_SCREENS = ['dashboard', 'profile', 'recruiting'] as const;

const visible = (page: Page, text: string) => page.getByText(text).first().isVisible();
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Presses Tab until `target` has the focus, as a keyboard user would. */
const tabTo = (page: Page, target: Locator, max = 80) => keyTo(page, target, { max });

/** The four studies: two that fit once the profile is filled, one that needs the income band, one for men. */
async function studies(admin: Api, tag: string) {
  const radio = await createActiveStudy(admin, {
    title: `Dholuo radio app ${tag}`,
    maxParticipants: 5,
    criteria: { languages: ['dholuo'] },
    screener: [
      {
        id: 'radio',
        text: 'How often do you listen to the radio?',
        kind: 'single',
        required: true,
        options: [
          { id: 'daily', label: 'Every day', rule: 'qualify' },
          { id: 'weekly', label: 'Every week', rule: 'neutral' },
          { id: 'never', label: 'Never', rule: 'disqualify' },
        ],
      },
    ],
  });
  const market = await createActiveStudy(admin, {
    title: `Kisumu market payments ${tag}`,
    maxParticipants: 5,
    criteria: { counties: ['Kisumu'], devices: ['android_phone'] },
    screener: [
      {
        id: 'sell',
        text: 'What do you sell?',
        kind: 'multi',
        required: true,
        options: [
          { id: 'fish', label: 'Fish', rule: 'qualify' },
          { id: 'vegetables', label: 'Vegetables', rule: 'neutral' },
          { id: 'cloth', label: 'Cloth', rule: 'neutral' },
        ],
      },
      {
        id: 'years',
        text: 'How many years have you traded?',
        kind: 'number',
        required: true,
        min: 1,
        max: 40,
      },
      { id: 'note', text: 'Anything else we should know?', kind: 'text', required: false },
    ],
  });
  const income = await createActiveStudy(admin, {
    title: `Household budget diary ${tag}`,
    maxParticipants: 5,
    criteria: { incomeBands: ['10k_30k'] },
  });
  const men = await createActiveStudy(admin, {
    title: `Barbershop booking ${tag}`,
    maxParticipants: 5,
    criteria: { genders: ['man'] },
  });
  return { radio, market, income, men };
}

/** The dashboard's research profile, filled step by step with the keyboard only. */
async function fillProfileByKeyboard(page: Page, language: 'en' | 'sw') {
  const p = (key: string) => message(language, 'profile', key);
  const r = (key: string) => message(language, 'recruiting', key);
  const stepHeading = (key: string) =>
    page.getByRole('heading', { level: 4, name: p(`research.step.${key}`) });

  // Step 1: About you. Gender (radio buttons: Space chooses the first), a language.
  await expect.poll(() => stepHeading('about').isVisible()).toBe(true);
  expect(await visible(page, r('why.gender'))).toBe(true);
  const woman = page.getByRole('radio', { name: r('gender.woman'), exact: true });
  await tabTo(page, woman);
  await page.keyboard.press('Space');
  expect(await woman.isChecked()).toBe(true);
  await tabTo(page, page.getByRole('checkbox', { name: r('language.kiswahili'), exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('checkbox', { name: r('language.dholuo'), exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: p('research.next') }));
  await page.keyboard.press('Enter');

  // Step 2: the focus is on the step's heading; the county typed in lower case takes its own
  // spelling.
  await expect.poll(() => isFocused(stepHeading('where'))).toBe(true);
  expect(
    await visible(page, p('research.stepOf').replace('{step}', '2').replace('{count}', '3')),
  ).toBe(true);
  const county = page.getByRole('combobox', { name: new RegExp(`^${r('field.county')}`) });
  await tabTo(page, county);
  await page.keyboard.type('kisumu');
  await expect.poll(() => county.inputValue()).toBe('Kisumu');
  await tabTo(page, page.getByRole('textbox', { name: new RegExp(`^${r('field.town')}`) }));
  await page.keyboard.type('Kondele');
  await tabTo(page, page.getByRole('textbox', { name: new RegExp(`^${r('field.occupation')}`) }));
  await page.keyboard.type('Fish trader');
  await tabTo(page, page.getByRole('button', { name: p('research.next') }));
  await page.keyboard.press('Enter');

  // Step 3: a device, a mobile money service, internet access (arrow keys move the choice).
  await expect.poll(() => isFocused(stepHeading('phone'))).toBe(true);
  await tabTo(page, page.getByRole('checkbox', { name: r('device.android_phone'), exact: true }));
  await page.keyboard.press('Space');
  const mpesa = page.getByRole('checkbox', { name: r('mobileMoney.mpesa'), exact: true });
  const noMobileMoney = page.getByRole('checkbox', { name: r('mobileMoney.none'), exact: true });
  await tabTo(page, mpesa);
  await page.keyboard.press('Space');
  // "None" stands alone: ticking it clears M-Pesa, and ticking M-Pesa again clears it.
  await tabTo(page, noMobileMoney);
  await page.keyboard.press('Space');
  expect([await noMobileMoney.isChecked(), await mpesa.isChecked()]).toEqual([true, false]);
  await keyTo(page, mpesa, { key: 'Shift+Tab', max: 10 });
  await page.keyboard.press('Space');
  expect([await mpesa.isChecked(), await noMobileMoney.isChecked()]).toEqual([true, false]);
  await tabTo(
    page,
    page.getByRole('radio', { name: r('internetAccess.mobile_and_home'), exact: true }),
  );
  const mobileOnly = page.getByRole('radio', {
    name: r('internetAccess.mobile_only'),
    exact: true,
  });
  await keyTo(page, mobileOnly, { key: 'ArrowDown', max: 1 });
  await expect.poll(() => mobileOnly.isChecked()).toBe(true);

  // Back to step 2 and forward again: nothing typed is lost.
  await tabTo(page, page.getByRole('button', { name: p('research.back') }));
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(stepHeading('where'))).toBe(true);
  expect(
    await page.getByRole('textbox', { name: new RegExp(`^${r('field.town')}`) }).inputValue(),
  ).toBe('Kondele');
  await tabTo(page, page.getByRole('button', { name: p('research.next') }));
  await page.keyboard.press('Enter');
  await expect.poll(() => isFocused(stepHeading('phone'))).toBe(true);
  expect(
    await page.getByRole('checkbox', { name: r('mobileMoney.mpesa'), exact: true }).isChecked(),
  ).toBe(true);

  const save = page.getByRole('button', { name: p('form.save') });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect.poll(() => visible(page, p('updated.title'))).toBe(true);
  // Saving keeps the keyboard where it was.
  expect(await isFocused(save)).toBe(true);
}

describe('a participant is recruited (decisions.md section 10)', () => {
  it('fills the research profile in steps by keyboard at 375 px, sees the studies that fit and how many need a fuller profile, is ruled out kindly by one screener and applies through another, and chooses invitations in settings', async () => {
    const admin = await adminApi(server.baseUrl);
    const tag = suffix();
    const me = await participant('Akinyi', `Otieno${tag}`, { baseUrl: server.baseUrl });
    const { radio, market, income, men } = await studies(admin, tag);

    const t = await signedInPage(session, {
      account: me,
      baseUrl: server.baseUrl,
      width: 375,
      height: 800,
      path: '/participant/dashboard',
    });
    const { page } = t;

    // Nothing fits an empty profile: all four need a fuller one.
    await expect.poll(() => visible(page, 'No studies fit your profile at the moment.')).toBe(true);
    const hiddenLine = page.getByTestId('studies-hidden-for-profile');
    await expect
      .poll(async () => squash(await hiddenLine.textContent()))
      .toContain('4 more studies need a fuller profile.');
    expect(squash(await page.getByTestId('research-profile-answered').textContent())).toBe(
      '0 of 12 answered',
    );
    // The spec's six-field card is still there, apart.
    expect(await page.getByTestId('profile-completion').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-empty-375');

    // The hidden line's link opens the profile tab, by keyboard.
    const link = hiddenLine.getByRole('link', { name: 'Complete your research profile' });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Profile Settings' }).getAttribute('aria-selected'))
      .toBe('true');
    // Once the tab's form is there, the focus is still on its tab (the form's messages came with
    // the page: loading them now would blank it and drop the focus to the body).
    await expect
      .poll(() => page.getByRole('heading', { level: 4, name: 'About you' }).isVisible())
      .toBe(true);
    expect(await isFocused(page.getByRole('tab', { name: 'Profile Settings' }))).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-profile-step1-375');
    await fillProfileByKeyboard(page, 'en');
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-profile-step3-375');

    // Saved: the research profile has eight of twelve answers.
    const mine = await me.api<{ participant: Record<string, unknown> }>(
      'GET',
      `/api/participants/${me.id}`,
    );
    expect(mine.body.participant).toMatchObject({
      gender: 'woman',
      county: 'Kisumu',
      town: 'Kondele',
      occupation: 'Fish trader',
      // In the options' order, whatever the order of the ticks.
      languages: ['kiswahili', 'dholuo'],
      devices: ['android_phone'],
      mobileMoney: ['mpesa'],
      internetAccess: 'mobile_only',
      incomeBand: null,
    });

    // Available Tests: the two that fit; the income study needs a fuller profile; the one for
    // men is hidden but not counted there.
    await page.getByRole('tab', { name: 'Available Tests' }).click();
    await expect
      .poll(() => page.getByRole('article', { name: radio.title }).isVisible())
      .toBe(true);
    expect(await page.getByRole('article', { name: market.title }).isVisible()).toBe(true);
    expect(await page.getByRole('article', { name: income.title }).count()).toBe(0);
    expect(await page.getByRole('article', { name: men.title }).count()).toBe(0);
    await expect
      .poll(async () => squash(await hiddenLine.textContent()))
      .toContain('1 more study needs a fuller profile.');
    expect(squash(await page.getByTestId('research-profile-answered').textContent())).toBe(
      '8 of 12 answered',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-studies-375');

    // The radio study: no answer is refused by the question; "Never" rules the applicant out,
    // said kindly.
    const radioApply = page.getByRole('button', { name: `Apply Now: ${radio.title}` });
    await tabTo(page, radioApply);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await settled(dialog);
    expect(await dialog.getByText('How often do you listen to the radio?').isVisible()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Submit application' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByText('Please answer this question').isVisible()).toBe(true);
    // The focus went to the question.
    await expect.poll(() => isFocused(dialog.getByRole('radio', { name: 'Every day' }))).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-screener-error-375');
    const never = dialog.getByRole('radio', { name: 'Never' });
    await keyTo(page, never, { key: 'ArrowDown', max: 2 });
    await expect.poll(() => never.isChecked()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Submit application' }));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => visible(page, 'Thanks. This study is looking for a different profile.'))
      .toBe(true);
    const radioCard = page.getByRole('article', { name: radio.title });
    await expect.poll(async () => squash(await radioCard.textContent())).toContain('Not a match');
    expect(await radioCard.textContent()).not.toMatch(/reject|disqualif/i);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The market study: several choices, a number, an optional text; it applies.
    await tabTo(page, page.getByRole('button', { name: `Apply Now: ${market.title}` }));
    await page.keyboard.press('Enter');
    await settled(dialog);
    await tabTo(page, dialog.getByRole('checkbox', { name: 'Fish' }));
    await page.keyboard.press('Space');
    await tabTo(page, dialog.getByRole('spinbutton', { name: /How many years/ }));
    await page.keyboard.type('6');
    await tabTo(page, dialog.getByRole('textbox', { name: /Anything else/ }));
    await page.keyboard.type('I sell at Kibuye market.');
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-screener-375');
    await tabTo(page, dialog.getByRole('button', { name: 'Submit application' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => visible(page, 'Application submitted!')).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The focus stays on the study's card, not the page's body.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName !== 'BODY'))
      .toBe(true);
    const applied = await me.api<{
      applications: { testId: string; status: string; answers: unknown }[];
    }>('GET', '/api/applications');
    expect(applied.body.applications.find((a) => a.testId === market.id)).toMatchObject({
      status: 'interested',
      answers: { sell: ['fish'], years: 6, note: 'I sell at Kibuye market.' },
    });
    expect(applied.body.applications.find((a) => a.testId === radio.id)?.status).toBe(
      'disqualified',
    );

    // My Applications says it kindly too.
    await page.getByRole('tab', { name: 'My Applications' }).click();
    const ruledOut = page.getByRole('article', { name: radio.title });
    await expect.poll(() => ruledOut.isVisible()).toBe(true);
    expect(squash(await ruledOut.textContent())).toContain(
      'This study is looking for a different profile',
    );
    expect(await ruledOut.textContent()).not.toMatch(/reject|disqualif/i);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-applications-375');

    // Settings: the invitation choice starts unticked; ticked and saved with the keyboard.
    await page.goto('/profile/settings');
    const optIn = page.getByRole('checkbox', { name: 'Invite me to studies that fit me' });
    await optIn.waitFor();
    expect(await optIn.isChecked()).toBe(false);
    expect(
      await page.getByRole('checkbox', { name: 'Email me when new studies open' }).isChecked(),
    ).toBe(true);
    await tabTo(page, optIn);
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Save choices' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => visible(page, 'Choices saved')).toBe(true);
    const consent = await me.api<{ consent: { inviteOptIn: boolean; studyMail: boolean } }>(
      'GET',
      '/api/me/consent',
    );
    expect(consent.body.consent).toMatchObject({ inviteOptIn: true, studyMail: true });
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-settings-375');

    // The same screens at 1280.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-settings-1280');
    await page.goto('/participant/dashboard');
    await expect
      .poll(() => page.getByRole('article', { name: market.title }).isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-studies-1280');
    await page.goto('/participant/dashboard?tab=profile');
    await expect.poll(() => visible(page, 'About you')).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-profile-1280');
    // Side by side, the fields of a step line up whatever the length of their hints.
    await page.getByRole('button', { name: message('en', 'profile', 'research.next') }).click();
    const countyBox = page.getByRole('combobox', {
      name: new RegExp(`^${message('en', 'recruiting', 'field.county')}`),
    });
    const townBox = page.getByRole('textbox', {
      name: new RegExp(`^${message('en', 'recruiting', 'field.town')}`),
    });
    await expect.poll(() => townBox.isVisible()).toBe(true);
    const [countyAt, townAt] = [await countyBox.boundingBox(), await townBox.boundingBox()];
    expect(Math.abs(countyAt!.y - townAt!.y)).toBeLessThan(1);

    expectNoProblems(t);
    await t.close();
  });

  it('asks again when the terms changed (Later returns at the next visit, Accept records them), and an invitation mail unsubscribes in one click', async () => {
    const admin = await adminApi(server.baseUrl);
    const tag = suffix();
    const me = await participant('Wanjiru', `Kamau${tag}`, { baseUrl: server.baseUrl });
    const chose = await me.api('PUT', '/api/me/consent', { inviteOptIn: true });
    expect(chose.status).toBe(200);
    const t = await signedInPage(session, {
      account: me,
      baseUrl: server.baseUrl,
      width: 375,
      height: 800,
    });
    const { page } = t;

    // The server says the accepted versions are old (as after a change of the terms).
    let old = true;
    await page.route('**/api/me/consent', async (route) => {
      if (route.request().method() !== 'GET' || !old) return route.fallback();
      const real = await route.fetch();
      const body = (await real.json()) as { consent: Record<string, unknown> };
      await route.fulfill({
        response: real,
        json: { consent: { ...body.consent, needsAcceptance: true, termsVersion: '2020-01-01' } },
      });
    });
    await page.goto('/participant/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Our terms or privacy notice changed' });
    await settled(dialog);
    expect(await dialog.getByRole('link', { name: 'terms of service' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(await dialog.getByRole('link', { name: 'privacy notice' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-terms-dialog-375');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Opened by the page, the dialog hands the focus to the main region, not the body.
    await expect.poll(() => isFocused(page.locator('main#main'))).toBe(true);
    // The dashboard works on; the next visit asks again.
    await page.reload();
    await settled(dialog);
    old = false;
    await tabTo(page, dialog.getByRole('button', { name: 'Accept' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => visible(page, 'Thank you. You accepted the current terms and privacy notice.'))
      .toBe(true);

    // An invitation to a study that fits; its mail's link opens the unsubscribe page.
    const study = await createActiveStudy(admin, {
      title: `Matatu fare app ${tag}`,
      maxParticipants: 5,
    });
    const invited = await admin<{ invited: number }>('POST', `/api/tests/${study.id}/invitations`, {
      limit: 10,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    // The mail carries the signed token (RFC 8058's List-Unsubscribe and its text); the page
    // of decision 036 takes it as ?token=.
    let token: string | undefined;
    await expect
      .poll(
        () => {
          const raw = mailTo(server.mailDir, me.email).join('\n');
          const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
          token = /unsubscribe(?:\?token=|\/)([0-9a-f-]{36}\.invitations\.[A-Za-z0-9_-]+)/.exec(
            decoded,
          )?.[1];
          return token;
        },
        { timeout: 20_000 },
      )
      .toBeDefined();
    await page.goto(`/unsubscribe?token=${token!}`);
    await expect
      .poll(() => visible(page, 'You will no longer be invited to studies that fit your profile.'))
      .toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-unsubscribe-375');
    await tabTo(page, page.getByRole('button', { name: 'Unsubscribe' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => visible(page, 'You are unsubscribed')).toBe(true);
    // The button is gone: the focus is on the answer.
    expect(
      await isFocused(page.getByRole('status').filter({ hasText: 'You are unsubscribed' })),
    ).toBe(true);
    const after = await me.api<{ consent: { inviteOptIn: boolean } }>('GET', '/api/me/consent');
    expect(after.body.consent.inviteOptIn).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-unsubscribed-375');

    // A forged link: the server's words.
    await page.goto(`/unsubscribe?token=${me.id}.invitations.${'A'.repeat(43)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/not valid/);
    // A refused link is not offered again, nor what it would have done; the focus is on why.
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    expect(await visible(page, 'You will no longer be invited to studies')).toBe(false);
    expect(await isFocused(page.getByRole('alert').first())).toBe(true);
    await expectNoAxeViolations(page);

    // A Kiswahili mail's link (`&lang=sw`) opens the page in Kiswahili, and the server answers so.
    await page.goto(`/unsubscribe?token=${me.id}.invitations.${'A'.repeat(43)}&lang=sw`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Jiondoe');
    expect(await page.locator('html').getAttribute('lang')).toBe('sw');
    await page.getByRole('button', { name: 'Jiondoe' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/Kiungo hiki cha kujiondoa si sahihi/);

    expectNoProblems(t, [400, 404]);
    await t.close();
  });

  it('registration asks for invitations with a box of its own, unticked; sends the versions it showed, and a changed version asks to reload', async () => {
    const t = await session.newPage({ width: 375, height: 800, baseUrl: server.baseUrl });
    const { page } = t;
    const id = suffix();
    const email = `nafula.${id}@example.com`;
    await page.goto('/participant/registration');
    const invite = page.getByRole('checkbox', { name: 'Invite me to studies that fit me' });
    await invite.waitFor();
    expect(await invite.isChecked()).toBe(false);
    expect(
      await visible(page, 'We email (and may text) you when a study matches your profile.'),
    ).toBe(true);
    await page.getByLabel('First name').fill('Nafula');
    await page.getByLabel('Last name').fill(`Wekesa${id}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill(`+2547${String(Date.now()).slice(-8)}`);
    await page.getByLabel('Password', { exact: true }).fill('Acacia-Lantern-58');
    await page.getByLabel('Confirm password').fill('Acacia-Lantern-58');
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    await invite.focus();
    await page.keyboard.press('Space');
    expect(await invite.isChecked()).toBe(true);

    // The terms changed while the form was open: the server refuses the old version.
    const sent: Record<string, unknown>[] = [];
    await page.route('**/api/participants/register', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      sent.push(body);
      if (sent.length === 1)
        await route.continue({ postData: { ...body, termsVersion: '2001-01-01' } });
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Join as a participant' }).click();
    const stale = page.getByRole('alert').filter({ hasText: 'Please reload the page' });
    await expect.poll(() => stale.isVisible()).toBe(true);
    expect(await stale.getByRole('button', { name: 'Reload the page' }).isVisible()).toBe(true);
    expect(sent[0]).toMatchObject({
      inviteOptIn: true,
      termsVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      privacyVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-registration-stale-375');

    // As sent by the page: the account exists with the invitation chosen.
    await page.getByRole('button', { name: 'Join as a participant' }).click();
    await page.waitForURL('**/participant/dashboard');
    const consent = await page.request.get('/api/me/consent');
    const body = (await consent.json()) as { consent: Record<string, unknown> };
    expect(body.consent).toMatchObject({ inviteOptIn: true, needsAcceptance: false });
    expectNoProblems(t, [400]);
    await t.close();
  });

  it('in Kiswahili: the profile steps, the studies, the screener, the settings and the unsubscribe page have no English left', async () => {
    const admin = await adminApi(server.baseUrl);
    const tag = suffix();
    const me = await participant('Achieng', `Odhiambo${tag}`, {
      baseUrl: server.baseUrl,
      language: 'sw',
    });
    const t = await signedInPage(session, {
      account: me,
      baseUrl: server.baseUrl,
      width: 375,
      height: 800,
    });
    const { page } = t;
    // A study with a screener, for people in Kisumu: hidden until the profile says so (the
    // questions are staff's words, here in Kiswahili).
    const study = await createActiveStudy(admin, {
      title: `Utafiti wa soko ${tag}`,
      maxParticipants: 5,
      criteria: { counties: ['Kisumu'] },
      screener: [
        {
          id: 'sell',
          text: 'Unauza nini?',
          kind: 'single',
          required: true,
          options: [
            { id: 'fish', label: 'Samaki', rule: 'qualify' },
            { id: 'none', label: 'Siuzi chochote', rule: 'disqualify' },
          ],
        },
      ],
    });
    await t.context.addCookies([{ name: 'lang', value: 'sw', url: server.baseUrl }]);
    await page.goto('/participant/dashboard');
    await expect.poll(() => lang(page)).toBe('sw');
    const d = (key: string) => message('sw', 'dashboard', key);
    await expect.poll(() => page.getByTestId('research-profile-answered').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('studies-hidden-for-profile').isVisible()).toBe(true);
    expect(await englishLeftovers(page, [...NEW_SCREENS])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-recruiting-studies-375');

    await page.goto('/participant/dashboard?tab=profile');
    await fillProfileByKeyboard(page, 'sw');
    expect(await overflows(page)).toBe(false);
    expect(await englishLeftovers(page, [...NEW_SCREENS])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-recruiting-profile-375');

    await page.goto('/participant/dashboard');
    const card = page.getByRole('article', { name: study.title });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card
      .getByRole('button', { name: d('apply.buttonLabel').replace('{title}', study.title) })
      .click();
    const dialog = page.getByRole('dialog');
    await settled(dialog);
    await dialog.getByRole('button', { name: d('apply.submit') }).click();
    await expect
      .poll(() => dialog.getByText(message('sw', 'validation', 'answers.required')).isVisible())
      .toBe(true);
    expect(await englishLeftovers(page, [...NEW_SCREENS, 'validation'])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-recruiting-screener-375');
    await dialog.getByRole('radio', { name: 'Siuzi chochote' }).check();
    await dialog.getByRole('button', { name: d('apply.submit') }).click();
    await expect.poll(() => visible(page, message('sw', 'recruiting', 'disqualified'))).toBe(true);
    await expect
      .poll(async () => squash(await card.textContent()))
      .toContain(d('study.notMatched'));
    await page.getByRole('tab', { name: d('tab.applications') }).click();
    await expect
      .poll(() => page.getByRole('article', { name: study.title }).isVisible())
      .toBe(true);
    expect(await englishLeftovers(page, [...NEW_SCREENS, 'ui'])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-recruiting-applications-375');

    await page.goto('/profile/settings');
    await expect.poll(() => visible(page, message('sw', 'profile', 'consent.title'))).toBe(true);
    expect(await englishLeftovers(page, [...NEW_SCREENS])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-recruiting-settings-375');

    await page.goto(`/unsubscribe?token=${me.id}.studies.${'A'.repeat(43)}`);
    await expect
      .poll(() => visible(page, message('sw', 'profile', 'unsubscribe.studies')))
      .toBe(true);
    expect(await englishLeftovers(page, [...NEW_SCREENS])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-recruiting-unsubscribe-375');

    expectNoProblems(t);
    await t.close();
  });
});
