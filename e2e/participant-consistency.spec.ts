// The participant side of the consistency audit (issue 12): the studies-open setting on the
// dashboard, full studies, one place for a study's status, the earnings list, the empty
// applications list, applying offline, one place to edit the account, sign-up with the terms
// and straight in, the password hint, and the sign-in page's redirects with their reasons.
// The file flips the studies-open setting, so it runs on a server of its own.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';
import { message } from './support/catalogues';
import { startE2eServer, type E2eServer } from './support/global-server';
import { type Api, apiAs as signedInApi, isoDay, shot, squash } from './support/kit';

const session = useBrowser();
const PASSWORD = 'Baobab-Lantern-Sunset-27';
const POSTPONED_TITLE = 'Research studies are temporarily postponed';
const POSTPONED_BY_SERVER =
  'Research studies are temporarily postponed. Registered testers will be notified when new studies open.';
const DISCLAIMER = 'Pay is not owed until a study is completed';
const OFFLINE = "You're offline — your application was not sent. Try again when you're connected.";

let own: E2eServer | undefined;
beforeAll(async () => {
  own = await startE2eServer({ studiesOpen: false });
});
afterAll(async () => {
  await own?.stop();
});
const baseUrl = () => own!.baseUrl;

const apiAs = (email: string, password: string) => signedInApi(email, password, baseUrl());

const admin = () => apiAs(E2E_ADMIN.email, E2E_ADMIN.password);

async function setStudiesOpen(studiesOpen: boolean) {
  const res = await (await admin())('PUT', '/api/settings', { settings: { studiesOpen } });
  expect(res.status).toBe(200);
}

async function activeStudy(fields: Record<string, unknown> = {}) {
  const api = await admin();
  const created = await api<{ test: { id: string; title: string } }>('POST', '/api/tests', {
    title: `Mama mboga ordering study ${crypto.randomBytes(2).toString('hex')}`,
    description: 'Order vegetables in the new app and tell us what slowed you down.',
    payRate: '1500.00',
    duration: 2,
    maxParticipants: 5,
    startDate: isoDay(3),
    endDate: isoDay(30),
    company: 'Soko Labs',
    tags: ['groceries'],
    ...fields,
  });
  expect(created.status).toBe(201);
  const moved = await api('PUT', `/api/tests/${created.body.test.id}/status`, { status: 'active' });
  expect(moved.status).toBe(200);
  return created.body.test;
}

type Person = { id: string; email: string; firstName: string; phone: string; api: Api };

async function newParticipant(language: 'en' | 'sw' = 'en'): Promise<Person> {
  const id = crypto.randomBytes(3).toString('hex');
  const person = {
    firstName: 'Nyokabi',
    lastName: 'Mwangi',
    email: `nyokabi.${id}@example.com`,
    phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
  };
  const res = await fetch(`${baseUrl()}/api/participants/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, password: PASSWORD, language }),
  });
  expect(res.status).toBe(201);
  const { participant } = (await res.json()) as { participant: { id: string } };
  return { ...person, id: participant.id, api: await apiAs(person.email, PASSWORD) };
}

async function pageAs(person: { email: string } | null, width = 1280, password = PASSWORD) {
  const t = await session.newPage({ width, baseUrl: baseUrl() });
  if (person) {
    const signedIn = await t.context.request.post('/api/auth/signin', {
      data: { email: person.email, password },
    });
    expect(signedIn.status()).toBe(200);
  }
  return t;
}

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

/** How far the page scrolls sideways (0: it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function dashboard(t: TestPage, tab = '') {
  await t.page.goto(`/participant/dashboard${tab ? `?tab=${tab}` : ''}`);
  await expect.poll(() => t.page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
}

/** The participant applies through the API and an admin moves the application on. */
async function applyAndMove(person: Person, testId: string, statuses: string[]) {
  const applied = await person.api<{ application: { id: string } }>('POST', '/api/applications', {
    participantId: person.id,
    testId,
  });
  expect(applied.status).toBe(201);
  const api = await admin();
  for (const status of statuses) {
    const moved = await api('PUT', `/api/applications/${applied.body.application.id}/status`, {
      status,
    });
    expect(moved.status).toBe(200);
  }
}

describe('available tests follow the studies-open setting', () => {
  it('while postponed: the notice and the pay disclaimer show, and Apply Now is disabled with the notice as its reason', async () => {
    await setStudiesOpen(false);
    const study = await activeStudy();
    const me = await newParticipant();
    for (const width of [375, 1280]) {
      const t = await pageAs(me, width);
      await dashboard(t);
      const card = t.page.getByRole('article', { name: study.title });
      await expect.poll(() => card.isVisible()).toBe(true);
      // The setting is its own request: the card may show before the notice does.
      await expect.poll(() => visible(t.page, POSTPONED_TITLE)).toBe(true);
      await expect.poll(() => visible(t.page, DISCLAIMER)).toBe(true);
      const apply = card.getByRole('button', { name: /Apply Now/ });
      await expect.poll(() => apply.isDisabled()).toBe(true);
      const reasonId = await apply.getAttribute('aria-describedby');
      expect(await t.page.locator(`#${reasonId}`).textContent()).toContain(
        'We will notify registered testers',
      );
      expect(await sideways(t.page)).toBe(0);
      await expectNoAxeViolations(t.page);
      await shot(t.page, `postponed-dashboard-${width}`);
      expectNoProblems(t);
      await t.close();
    }
  });

  it('holds the notice and the Apply buttons until the setting is known: no flash of either state', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy();
    const me = await newParticipant();
    const t = await pageAs(me);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await t.page.route('**/api/settings', async (route) => {
      await released;
      await route.continue();
    });
    await t.page.goto('/participant/dashboard');
    const card = t.page.getByRole('article', { name: study.title });
    await expect.poll(() => card.isVisible()).toBe(true);
    // The studies are there, the setting is not: no notice, no Apply button, a placeholder.
    expect(await visible(t.page, DISCLAIMER)).toBe(true);
    expect(await visible(t.page, POSTPONED_TITLE)).toBe(false);
    expect(await card.getByRole('button', { name: /Apply Now/ }).count()).toBe(0);
    release();
    await expect.poll(() => card.getByRole('button', { name: /Apply Now/ }).isEnabled()).toBe(true);
    expect(await visible(t.page, POSTPONED_TITLE)).toBe(false);
    expectNoProblems(t);
    await t.close();
  });

  it("while open: no postponed notice, the disclaimer stays; a 409 on applying shows the server's words and the page catches up", async () => {
    await setStudiesOpen(true);
    const study = await activeStudy();
    const me = await newParticipant();
    const t = await pageAs(me);
    await dashboard(t);
    const card = t.page.getByRole('article', { name: study.title });
    const apply = card.getByRole('button', { name: /Apply Now/ });
    await expect.poll(() => apply.isEnabled()).toBe(true);
    expect(await visible(t.page, POSTPONED_TITLE)).toBe(false);
    expect(await visible(t.page, DISCLAIMER)).toBe(true);
    await shot(t.page, 'open-dashboard-1280');

    // Postponed behind the page's back: the server refuses with the notice's words.
    await setStudiesOpen(false);
    await apply.click();
    await expect.poll(() => visible(t.page, POSTPONED_BY_SERVER)).toBe(true);
    await expect.poll(() => visible(t.page, POSTPONED_TITLE)).toBe(true);
    await expect.poll(() => apply.isDisabled()).toBe(true);
    expectNoProblems(t, [409]);
    await t.close();
  });
});

describe('study cards', () => {
  it('marks a full study "Full" with no Apply button', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy({ maxParticipants: 1 });
    await applyAndMove(await newParticipant(), study.id, ['scheduled']);
    const me = await newParticipant();
    for (const width of [375, 1280]) {
      const t = await pageAs(me, width);
      await dashboard(t);
      const card = t.page.getByRole('article', { name: study.title });
      await expect.poll(() => card.isVisible()).toBe(true);
      await expect.poll(() => card.getByTestId('study-status').textContent()).toBe('Full');
      expect(await card.getByRole('button', { name: /Apply Now/ }).count()).toBe(0);
      expect(squash(await card.textContent())).toContain('All places are taken.');
      await card.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(t.page);
      await shot(t.page, `full-study-${width}`);
      await t.close();
    }
  });

  it('a study that filled up meanwhile: the 409 "Study is full" is shown and the card turns Full', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy({ maxParticipants: 1 });
    const me = await newParticipant();
    const t = await pageAs(me, 375);
    await dashboard(t);
    const card = t.page.getByRole('article', { name: study.title });
    const apply = card.getByRole('button', { name: /Apply Now/ });
    await expect.poll(() => apply.isEnabled()).toBe(true);
    await applyAndMove(await newParticipant(), study.id, ['scheduled']);
    await apply.click();
    await expect.poll(() => visible(t.page, 'Study is full')).toBe(true);
    await expect.poll(() => card.getByTestId('study-status').textContent()).toBe('Full');
    expect(await apply.count()).toBe(0);
    expectNoProblems(t, [409]);
    await t.close();
  });

  it('puts the status on its own line above the title, whatever the title length, at 375 and 1280 px', async () => {
    await setStudiesOpen(true);
    const me = await newParticipant();
    const short = await activeStudy({
      title: `Quick poll ${crypto.randomBytes(2).toString('hex')}`,
    });
    const long = await activeStudy({
      title: `A much longer study title about ordering cooking gas in Eldoret and Nakuru that wraps ${crypto.randomBytes(2).toString('hex')}`,
    });
    await applyAndMove(me, short.id, []);
    await applyAndMove(me, long.id, []);
    for (const width of [375, 1280]) {
      const t = await pageAs(me, width);
      await dashboard(t);
      for (const study of [short, long]) {
        const card = t.page.getByRole('article', { name: study.title });
        await expect.poll(() => card.getByTestId('study-status').isVisible()).toBe(true);
        const status = (await card.getByTestId('study-status').boundingBox())!;
        const title = (await card.getByRole('heading', { name: study.title }).boundingBox())!;
        expect(status.y + status.height).toBeLessThanOrEqual(title.y);
        expect(Math.abs(status.x - title.x)).toBeLessThan(1);
      }
      await shot(t.page, `status-place-${width}`);
      // The same in My Applications.
      await t.page.getByRole('tab', { name: 'My Applications' }).click();
      for (const study of [short, long]) {
        const row = t.page.getByRole('article', { name: study.title });
        await expect.poll(() => row.getByTestId('application-status').isVisible()).toBe(true);
        const status = (await row.getByTestId('application-status').boundingBox())!;
        const title = (await row.getByRole('heading', { name: study.title }).boundingBox())!;
        expect(status.y + status.height).toBeLessThanOrEqual(title.y);
        expect(Math.abs(status.x - title.x)).toBeLessThan(1);
      }
      await shot(t.page, `applications-status-place-${width}`);
      await t.close();
    }
  });
});

describe('applying', () => {
  // Applying by keyboard: the Apply Now button gives way to the status, and the focus used
  // to fall to the page's body (the next Tab started at the top of the page again).
  it("keeps the keyboard's place on the study's card once applied, with and without the requirements dialog", async () => {
    await setStudiesOpen(true);
    const plain = await activeStudy();
    const asking = await activeStudy({ requirements: 'Shop for groceries on your phone.' });
    const me = await newParticipant();
    const t = await pageAs(me, 375);
    const { page } = t;
    await dashboard(t);
    const focused = (card: ReturnType<Page['getByRole']>) =>
      card.evaluate((element) => element === document.activeElement);

    const plainCard = page.getByRole('article', { name: plain.title });
    await plainCard.getByRole('button', { name: /Apply Now/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => plainCard.getByTestId('study-status').isVisible()).toBe(true);
    await expect.poll(() => focused(plainCard)).toBe(true);
    expect(await plainCard.getByRole('button', { name: /Apply Now/ }).count()).toBe(0);

    const askingCard = page.getByRole('article', { name: asking.title });
    await askingCard.getByRole('button', { name: /Apply Now/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByLabel(/Your answer/).isVisible()).toBe(true);
    await page.keyboard.type('Every Saturday.');
    await dialog.getByRole('button', { name: 'Submit application' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => askingCard.getByTestId('study-status').isVisible()).toBe(true);
    await expect.poll(() => focused(askingCard)).toBe(true);
    await shot(page, 'applied-focus-375');
    await expectNoAxeViolations(page);
    expectNoProblems(t);
    await t.close();
  });

  it('says at once that an application sent offline was not sent, and keeps the dialog with the answer typed', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy({ requirements: 'Own an Android phone.' });
    const me = await newParticipant();
    const t = await pageAs(me, 375);
    await dashboard(t);
    const card = t.page.getByRole('article', { name: study.title });
    await card.getByRole('button', { name: /Apply Now/ }).click();
    const dialog = t.page.getByRole('dialog');
    await dialog.getByLabel(/Your answer/).fill('I use a Tecno Spark every day.');
    await t.context.setOffline(true);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    // Within expect.poll's default second: no spinner that waits for the network to return.
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(OFFLINE);
    expect(await dialog.getByLabel(/Your answer/).inputValue()).toBe(
      'I use a Tecno Spark every day.',
    );
    expect(await dialog.getByRole('button', { name: 'Submit application' }).isEnabled()).toBe(true);
    await shot(t.page, 'apply-offline-375');

    await t.context.setOffline(false);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect.poll(() => visible(t.page, 'Application submitted!')).toBe(true);
    await expect
      .poll(() => card.getByTestId('study-status').textContent())
      .toBe('Application Submitted');
    await expectNoAxeViolations(t.page);
    await t.close();
  });
  it('says it beside the button when a study without requirements is applied to offline', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy();
    const me = await newParticipant();
    const t = await pageAs(me, 375);
    await dashboard(t);
    const card = t.page.getByRole('article', { name: study.title });
    const apply = card.getByRole('button', { name: /Apply Now/ });
    await expect.poll(() => apply.isEnabled()).toBe(true);
    await t.context.setOffline(true);
    await apply.click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe(OFFLINE);
    expect(await apply.isEnabled()).toBe(true);
    await t.context.setOffline(false);
    await apply.click();
    await expect
      .poll(() => card.getByTestId('study-status').textContent())
      .toBe('Application Submitted');
    await t.close();
  });
});

describe('my applications and earnings', () => {
  for (const language of ['en', 'sw'] as const) {
    it(`says what to do next when there is no application yet, and leads to Available Tests (${language})`, async () => {
      const me = await newParticipant(language);
      const t = await pageAs(me, 375);
      await dashboard(t, 'applications');
      const say = (key: string) => message(language, 'dashboard', key);
      await expect.poll(() => visible(t.page, say('applications.empty'))).toBe(true);
      expect(await visible(t.page, say('applications.emptyNext'))).toBe(true);
      expect(await sideways(t.page)).toBe(0);
      await expectNoAxeViolations(t.page);
      await shot(t.page, `applications-empty-${language}-375`);
      await t.page.getByRole('button', { name: say('applications.findStudies') }).click();
      await expect
        .poll(() =>
          t.page.getByRole('tab', { name: say('tab.tests') }).getAttribute('aria-selected'),
        )
        .toBe('true');
      await t.close();
    });
  }

  it('lists the payments with their status, a pending one too, under a sentence that matches', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy({ payRate: '1500.00', duration: 4 });
    const me = await newParticipant();
    await applyAndMove(me, study.id, ['scheduled', 'completed']);
    for (const width of [375, 1280]) {
      const t = await pageAs(me, width);
      await dashboard(t, 'profile');
      const earnings = t.page.getByTestId('earnings');
      await expect.poll(async () => squash(await earnings.textContent())).toContain('Ksh 6,000');
      expect(squash(await t.page.getByTestId('earnings-summary').textContent())).toBe(
        'Nothing paid out yet. Your payments and their status are listed below.',
      );
      expect(await visible(t.page, 'No payments yet')).toBe(false);
      const row = t.page.getByTestId('my-payments').getByRole('listitem');
      expect(await row.count()).toBe(1);
      const text = squash(await row.textContent());
      expect(text).toContain(study.title);
      expect(text).toContain('Ksh 6,000');
      expect(text).toContain('Pending');
      await row.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(t.page);
      await shot(t.page, `earnings-pending-${width}`);
      await t.close();
    }
  });
});

describe('the account is edited in one place', () => {
  it('shows name, e-mail and phone read-only on the dashboard with links to account settings', async () => {
    const me = await newParticipant();
    for (const width of [375, 1280]) {
      const t = await pageAs(me, width);
      await dashboard(t, 'profile');
      const summary = t.page.getByTestId('account-summary');
      await expect.poll(() => summary.isVisible()).toBe(true);
      expect(squash(await summary.textContent())).toContain(me.email);
      expect(await t.page.getByLabel('First name').count()).toBe(0);
      expect(await t.page.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
      expect(await t.page.getByRole('button', { name: 'Change password' }).count()).toBe(0);
      expect(await sideways(t.page)).toBe(0);
      await expectNoAxeViolations(t.page);
      await shot(t.page, `dashboard-profile-${width}`);
      await t.page.getByRole('link', { name: 'Edit in account settings' }).click();
      await t.page.waitForURL('**/profile/settings');
      await expect.poll(() => t.page.getByLabel('First name').inputValue()).toBe(me.firstName);
      await t.close();
    }
  });

  // The page at /profile/settings had three names (the dashboard's "Account settings"
  // button, the menu's "Settings", its own heading "Profile settings"), the last one also
  // the name of the dashboard tab beside it: one name now, the button's, in both languages.
  it('calls the account page by one name: the dashboard button, the menu, the links, its heading and the privacy policy', async () => {
    for (const language of ['en', 'sw'] as const) {
      const me = await newParticipant(language);
      const name = message(language, 'dashboard', 'accountSettings');
      const t = await pageAs(me, 375);
      const { page } = t;
      await dashboard(t, 'profile');
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      const summary = page.getByTestId('account-summary');
      await expect.poll(() => summary.isVisible()).toBe(true);
      for (const key of ['account.edit', 'account.changePassword', 'data.deleteLink'] as const) {
        const link = message(language, 'dashboard', key);
        expect(link.toLowerCase()).toContain(name.toLowerCase());
        expect(await page.getByRole('link', { name: link, exact: true }).count()).toBe(1);
      }
      await page.getByRole('button', { name: /Account menu|Menyu ya akaunti/ }).click();
      expect(await page.getByRole('menuitem', { name, exact: true }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL('**/profile/settings');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(message(language, 'profile', 'settings.title'));
      expect(message(language, 'profile', 'settings.title')).toBe(name);
      await shot(page, `account-settings-name-${language}-375`);
      await t.close();
      for (const key of ['privacy.how.access', 'privacy.how.deletion', 'terms.accounts.close']) {
        expect(message(language, 'legal', key)).toContain(name);
      }
    }
  });
});

describe('sign-up and the password hint', () => {
  it('requires the terms box with the registration words, then signs the new participant straight in to the dashboard', async () => {
    const t = await pageAs(null, 375);
    const { page } = t;
    const id = crypto.randomBytes(3).toString('hex');
    await page.goto('/login?tab=signup');
    await page.getByLabel('First name').fill('Chebet');
    await page.getByLabel('Last name').fill('Koech');
    await page.getByLabel('Email').fill(`chebet.${id}@example.com`);
    await page.getByLabel('Phone number').fill(`+2547${crypto.randomInt(10_000_000, 100_000_000)}`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    expect(await visible(page, 'Terms of Service')).toBe(true);
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => visible(page, 'You must accept the terms to continue')).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'sign-up-terms-375');
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/participant/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome, Chebet!');
    expectNoProblems(t);
    await t.close();
  });

  for (const language of ['en', 'sw'] as const) {
    it(`the new-password hint names the common-password rule (${language})`, async () => {
      const t = await pageAs(null, 375);
      await t.context.addCookies([{ name: 'lang', value: language, url: baseUrl() }]);
      await t.page.goto('/login?tab=signup');
      const hint =
        language === 'en'
          ? 'At least 6 characters; avoid common passwords.'
          : 'Angalau herufi 6; epuka nenosiri la kawaida.';
      await expect.poll(() => visible(t.page, hint)).toBe(true);
      await t.close();
    });
  }
});

describe('the sign-in page and the redirects give their reasons', () => {
  it('sends a signed-in participant from /login to the dashboard and an admin to the console', async () => {
    const me = await newParticipant();
    const t = await pageAs(me);
    await t.page.goto('/login');
    await t.page.waitForURL('**/participant/dashboard');
    await t.close();

    const boss = await pageAs(E2E_ADMIN, 1280, E2E_ADMIN.password);
    await boss.page.goto('/login');
    await boss.page.waitForURL('**/admin/dashboard');
    await boss.close();
  });

  it('keeps a participant whose session ended on the sign-in page, saying why, instead of sending them back', async () => {
    await setStudiesOpen(true);
    const study = await activeStudy();
    const me = await newParticipant();
    const t = await pageAs(me);
    await dashboard(t);
    const apply = t.page
      .getByRole('article', { name: study.title })
      .getByRole('button', { name: /Apply Now/ });
    await expect.poll(() => apply.isEnabled()).toBe(true);
    // Signed out behind the page's back: the next request answers 401.
    expect((await t.context.request.post('/api/auth/logout')).status()).toBe(204);
    await apply.click();
    await t.page.waitForURL('**/login');
    await expect
      .poll(() => visible(t.page, 'Your session has ended. Please sign in again.'))
      .toBe(true);
    expect(new URL(t.page.url()).pathname).toBe('/login');
    expectNoProblems(t, [401]);
    await t.close();
  });

  it('asks a signed-out visitor to sign in, in the page language, after a redirect from the dashboard', async () => {
    for (const language of ['en', 'sw'] as const) {
      const t = await pageAs(null, 375);
      await t.context.addCookies([{ name: 'lang', value: language, url: baseUrl() }]);
      await t.page.goto('/participant/dashboard');
      await t.page.waitForURL('**/participant/login');
      await expect
        .poll(() => t.page.getByTestId('sign-in-required').textContent())
        .toBe(message(language, 'auth', 'signIn.required'));
      await expectNoAxeViolations(t.page);
      await shot(t.page, `sign-in-required-${language}-375`);
      await t.close();
    }
  });

  it('tells a participant that the console is for staff, and an admin that the dashboard is for participants', async () => {
    const me = await newParticipant();
    const t = await pageAs(me);
    await t.page.goto('/admin/dashboard');
    await t.page.waitForURL('**/participant/dashboard');
    await expect.poll(() => visible(t.page, 'That page is for staff.')).toBe(true);
    await shot(t.page, 'staff-only-toast-1280');
    await t.close();

    const boss = await pageAs(E2E_ADMIN, 1280, E2E_ADMIN.password);
    await boss.page.goto('/participant/dashboard');
    await boss.page.waitForURL('**/admin/dashboard');
    await expect.poll(() => visible(boss.page, 'That page is for participants.')).toBe(true);
    await boss.close();
  });
});
