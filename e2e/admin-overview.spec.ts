import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { isoDay, shot, suffix, signedInPage } from './support/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { useOwnServer } from './support/own-server';
import { enrolThroughApi } from './support/two-factor';

const session = useBrowser();

/**
 * Creating admins needs two-step sign-in and a fresh code (decisions.md section 11): this file
 * enrols the e2e super admin, so it has a server of its own, and uses the super admin's one
 * stepped-up session for every call.
 */
const server = useOwnServer({ studiesOpen: true });
let boss: Awaited<ReturnType<typeof enrolThroughApi>>;
beforeAll(async () => {
  boss = await enrolThroughApi(server.baseUrl, E2E_ADMIN);
});
/** The super admin's stepped-up session. */
async function superAdminCookie(): Promise<string> {
  await boss.fresh();
  return boss.cookie;
}
const PASSWORD = 'Overview-Baobab-73';

const letters = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(97 + crypto.randomInt(26))).join('');

function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

async function call<T>(method: string, url: string, body?: unknown, cookie?: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${url}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** A study (made active), a participant and their application, all through the API. */
async function seedApplication(superCookie: string) {
  const title = `Overview study ${suffix()}`;
  const { test } = await call<{ test: { id: string } }>(
    'POST',
    '/api/tests',
    {
      title,
      description: 'Compare two onboarding flows of a savings app.',
      payRate: '1200.00',
      duration: 1,
      maxParticipants: 5,
      startDate: isoDay(3),
      endDate: isoDay(20),
      company: 'Akiba Tech',
      tags: 'savings',
    },
    superCookie,
  );
  await call('PUT', `/api/tests/${test.id}/status`, { status: 'active' }, superCookie);
  const apply = async (firstName: string) => {
    const person = {
      firstName,
      lastName: `Mwangi${letters()}`,
      email: `${firstName.toLowerCase()}.${suffix()}@example.com`,
      phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
      password: 'Naivasha-Flamingo-64',
    };
    const { participant } = await call<{ participant: { id: string } }>(
      'POST',
      '/api/participants/register',
      person,
    );
    const participantCookie = await signIn(person.email, person.password);
    const { application } = await call<{ application: { id: string } }>(
      'POST',
      '/api/applications',
      { participantId: participant.id, testId: test.id },
      participantCookie,
    );
    return { ...person, applicationId: application.id };
  };
  // One completed (a pending payment of Ksh 1,200), then the newest, just submitted.
  const done = await apply('Kamau');
  for (const status of ['scheduled', 'completed']) {
    await call('PUT', `/api/applications/${done.applicationId}/status`, { status }, superCookie);
  }
  const person = await apply('Achieng');
  return { title, name: `${person.firstName} ${person.lastName}` };
}

async function sendResearchRequest(company: string) {
  await call('POST', '/api/research-requests', {
    company,
    contactName: 'Otieno Ouma',
    email: `otieno.${suffix()}@example.com`,
    phone: '+254 712 345 678',
    description: 'Validate the onboarding of our savings app.',
  });
}

/** A fresh admin (its own "read until" mark), signed in inside a new page. */
const adminPage = (email: string, width: number) =>
  signedInPage(session, { account: { email, password: PASSWORD }, width, baseUrl: server.baseUrl });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications,/ });
async function unreadOf(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /Notifications, (\d+) unread/.exec(name);
  return match ? Number(match[1]) : 0;
}

/** The bell as it should read for `n` unread events: its accessible name and its badge. */
const bellFor = (n: number) => ({
  label: n === 0 ? 'Notifications, none unread' : `Notifications, ${n} unread`,
  badge: n === 0 ? '' : n > 9 ? '9+' : String(n),
});
/**
 * 'agrees' when the bell's name and badge both say `n` unread (by default the number its
 * name says), else what it shows and what was wanted.
 */
async function bellAgreement(page: Page, n?: number) {
  const shows = {
    label: await bell(page).getAttribute('aria-label'),
    badge: await bell(page).textContent(),
  };
  const wanted = bellFor(n ?? (await unreadOf(page)));
  return shows.label === wanted.label && shows.badge === wanted.badge
    ? 'agrees'
    : { shows, wanted };
}
/** The bell against the latest answer the page got, once it has one. */
const bellAgreesWith = async (page: Page, answer: () => NotificationsSeen | undefined) => {
  const latest = answer();
  return latest ? bellAgreement(page, latest.unreadCount) : 'no answer yet';
};

type StatsSeen = {
  participantCount: number;
  projectsCompleted: number;
  totalEarnings: string;
  companiesServed: number;
};
type NotificationsSeen = {
  notifications: { title: string; unread: boolean }[];
  unreadCount: number;
};

/**
 * The latest /api/stats and /api/notifications answers the page itself got. Other files
 * add participants, applications and requests while this one runs, so the page is held to
 * what the server told it, not to a second question asked a moment later.
 */
function answersSeenBy(page: Page) {
  const seen: { stats?: StatsSeen; notifications?: NotificationsSeen } = {};
  let order = 0;
  const at = { stats: 0, notifications: 0 };
  page.on('response', async (response) => {
    const key = { '/api/stats': 'stats', '/api/notifications': 'notifications' }[
      new URL(response.url()).pathname
    ] as 'stats' | 'notifications' | undefined;
    if (!key || response.request().method() !== 'GET' || !response.ok()) return;
    const mine = ++order;
    const body = await response.json().catch(() => undefined);
    if (body === undefined || mine < at[key]) return;
    at[key] = mine;
    seen[key] = body;
  });
  return seen;
}

async function statValue(page: Page, label: string): Promise<string> {
  const card = page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  return ((await card.locator('dd').first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

const kes = new Intl.NumberFormat('en-KE', {
  style: 'currency',
  currency: 'KES',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const count = new Intl.NumberFormat('en-KE');

async function waitForCharts(page: Page) {
  for (const heading of [
    'Money paid vs pending',
    'Applications per week',
    'New participants per week',
  ]) {
    await expect
      .poll(() => page.getByRole('heading', { name: heading }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  }
}

describe('admin overview', () => {
  it(
    'shows the real figures, the latest applications, the charts and a working bell',
    {
      timeout: 120_000,
    },
    async () => {
      const superCookie = await superAdminCookie();
      const email = `overview.${suffix()}@example.com`;
      await call('POST', '/api/admin/create', { username: email, password: PASSWORD }, superCookie);
      const adminCookie = await signIn(email, PASSWORD);
      // Start from a read bell, so the count below is this test's own events.
      await call('POST', '/api/notifications/read', {}, adminCookie);

      const { title, name } = await seedApplication(superCookie);

      const t = await adminPage(email, 1280);
      const { page } = t;
      const seen = answersSeenBy(page);
      await page.clock.install();
      await page.goto('/admin/dashboard');

      // Recent Activity: the application just made is listed with its person and status
      // (other files may apply at the same moment, so it need not be the first).
      const recent = page.getByRole('list', { name: 'Latest applications' });
      const ours = recent.getByRole('listitem').filter({ hasText: title }).first();
      await expect.poll(() => ours.isVisible()).toBe(true);
      expect(await ours.textContent()).toContain(name);
      expect(await ours.textContent()).toContain('Application Submitted');
      expect(await ours.textContent()).toContain('just now');
      expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(5);

      // The four cards show the numbers of the server's answer to the page. The page polls
      // every 30 s: an answer the server cached (5 s) a moment before the seeding is replaced
      // at the next poll, which the page's clock brings forward instead of waiting for it.
      const figures = async () =>
        Promise.all(
          ['Total Participants', 'Projects Completed', 'Total Earnings', 'Companies Served'].map(
            (label) => statValue(page, label),
          ),
        );
      const expected = (stats: StatsSeen) => [
        count.format(stats.participantCount),
        count.format(stats.projectsCompleted),
        kes.format(Math.round(Number(stats.totalEarnings))).replace(/\s+/g, ' '),
        count.format(stats.companiesServed),
      ];
      await expect
        .poll(
          async () => {
            const answer = seen.stats;
            const same =
              answer !== undefined &&
              answer.participantCount >= 1 &&
              JSON.stringify(await figures()) === JSON.stringify(expected(answer));
            if (!same) await page.clock.fastForward(30_000);
            return same;
          },
          { timeout: 15_000, interval: 1000 },
        )
        .toBe(true);

      // The charts, with this week's application drawn.
      await waitForCharts(page);
      expect(
        await page
          .locator('figure[data-chart="applications-per-week"] svg.recharts-surface')
          .count(),
      ).toBeGreaterThan(0);
      expect(
        await page.getByRole('table', { name: 'Applications per week, by current status' }).count(),
      ).toBe(1);
      await expectNoAxeViolations(page);
      await shot(page, 'overview-1280');

      // The bell counts the application; a research request posted now adds one.
      await expect.poll(() => unreadOf(page)).toBeGreaterThanOrEqual(1);
      const company = `Bell Research ${suffix()}`;
      await sendResearchRequest(company);
      await page.reload();
      await expect.poll(() => unreadOf(page)).toBeGreaterThanOrEqual(2);
      await expect.poll(() => bellAgreement(page)).toBe('agrees');

      await bell(page).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const item = menu.getByRole('menuitem', {
        name: new RegExp(`Research request from ${company}`),
      });
      await item.waitFor();
      expect(
        await menu.getByRole('menuitem', { name: new RegExp(`${name} applied to`) }).count(),
      ).toBe(1);
      await expectNoAxeViolations(page);
      await shot(page, 'bell-open-1280');

      // Opening it switches to Client Requests (the URL keeps the tab) and reads it.
      await item.click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('requests');
      await expect
        .poll(() =>
          page.getByRole('tab', { name: 'Client Requests' }).getAttribute('aria-selected'),
        )
        .toBe('true');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Client Requests');
      // It alone is read: the older application stays unread. Events other files made since
      // may be unread too, so the bell is held to the server's answer to the page.
      const unreadIn = (answer: NotificationsSeen | undefined, text: string) =>
        answer?.notifications.find((n) => n.title.includes(text))?.unread;
      await expect.poll(() => unreadIn(seen.notifications, company)).toBe(false);
      expect(unreadIn(seen.notifications, name)).toBe(true);
      await expect.poll(() => bellAgreesWith(page, () => seen.notifications)).toBe('agrees');

      // "Mark all as read" clears a new inquiry too, and the menu then says so.
      const inquiry = `Bell Inquiry ${suffix()}`;
      await call('POST', '/api/client-requests', {
        companyName: inquiry,
        contactPerson: 'Njeri Kamau',
        email: `njeri.${suffix()}@example.com`,
        service: 'research',
        message: 'We want to learn why shoppers leave at checkout.',
      });
      await page.reload();
      await expect.poll(() => unreadIn(seen.notifications, inquiry)).toBe(true);
      await expect.poll(() => unreadOf(page)).toBeGreaterThanOrEqual(1);
      await bell(page).click();
      await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
      await expect.poll(() => unreadIn(seen.notifications, inquiry)).toBe(false);
      // An event another file makes right after the click is rightly new again; without one
      // (always, when the files run one at a time) the menu says there is nothing new.
      await expect.poll(() => bellAgreesWith(page, () => seen.notifications)).toBe('agrees');
      if (seen.notifications!.unreadCount === 0) {
        await expect
          .poll(() => page.getByRole('menu').getByText('No new notifications').isVisible())
          .toBe(true);
      }
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      // "View all" opens the Applications tab.
      await page.goto('/admin/dashboard');
      await page.getByRole('button', { name: 'View all applications' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('applications');

      expectNoProblems(t);
      await t.close();
    },
  );

  it('keeps the figures when a refresh fails, retries, and fits a phone', async () => {
    const superCookie = await superAdminCookie();
    const email = `overview.${suffix()}@example.com`;
    await call('POST', '/api/admin/create', { username: email, password: PASSWORD }, superCookie);

    const t = await adminPage(email, 375);
    const { page } = t;
    // The first answers fail: each part shows its error and a way to try again.
    let fail = true;
    for (const url of ['**/api/stats', '**/api/stats/trends']) {
      await page.route(url, (route) =>
        fail
          ? route.fulfill({
              status: 429,
              contentType: 'application/json',
              body: JSON.stringify({
                message: 'Too many requests. Please wait a minute and try again.',
              }),
            })
          : route.fallback(),
      );
    }
    await page.goto('/admin/dashboard');
    await page.getByText('The figures could not be loaded').waitFor();
    await page.getByText('The payments chart could not be loaded').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'overview-375-error');

    fail = false;
    const retry = (title: string) =>
      page.getByRole('alert').filter({ hasText: title }).getByRole('button', { name: 'Try again' });
    await retry('The figures could not be loaded').click();
    await expect.poll(() => statValue(page, 'Total Participants')).toMatch(/^\d/);
    // The three charts share one request: one retry brings them all.
    await retry('The payments chart could not be loaded').click();
    await waitForCharts(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'overview-375');

    await bell(page).click();
    await page.getByRole('menu').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    const box = await page.getByRole('menu').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, 'bell-open-375');

    expectNoProblems(t, [429]);
    await t.close();
  });
});
