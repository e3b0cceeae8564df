import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { choose, shot } from './support/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { startE2eServer, type E2eServer } from './support/global-server';

const session = useBrowser();

/** The e2e super admin through the API (of `baseUrl`, the shared server by default), for arranging data. */
async function adminApi(baseUrl = session.baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${baseUrl}${url}`, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.ok, `${method} ${url}: ${answer.status}`).toBe(true);
    return (await answer.json()) as T;
  };
}

async function openTab(
  width: number,
  tab: 'activity' | 'settings',
  heading: string,
  baseUrl = session.baseUrl,
) {
  const t = await session.newPage({ width, baseUrl });
  const signedIn = await t.context.request.post('/api/auth/signin', { data: E2E_ADMIN });
  expect(signedIn.status()).toBe(200);
  await t.page.goto(`/admin/dashboard?tab=${tab}`);
  await expect.poll(() => t.page.getByRole('heading', { name: heading }).isVisible()).toBe(true);
  return t;
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A calendar day `days` from today in the browser's (and this machine's) time zone. */
function localDay(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe('admin: activity', () => {
  it('shows a status move with who did it and from where, and filters it', async () => {
    const api = await adminApi();
    const company = `Audit Works ${crypto.randomBytes(3).toString('hex')}`;
    // Sent by a visitor, as the public form does; moved by the admin.
    const sent = await fetch(`${session.baseUrl}/api/client-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: company,
        contactPerson: 'Achieng',
        email: 'achieng@example.com',
        service: 'optimization',
        message: 'Please look at our funnel.',
      }),
    });
    expect(sent.status).toBe(201);
    const { clientRequest } = (await sent.json()) as { clientRequest: { id: string } };
    await api('PUT', `/api/client-requests/${clientRequest.id}/status`, { status: 'contacted' });

    const t = await openTab(1280, 'activity', 'Activity');
    const { page } = t;
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'activity-1280');

    await page.getByRole('searchbox', { name: 'Search' }).fill(clientRequest.id);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    const move = page.locator('tbody tr').first();
    const text = async () => ((await move.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(await text()).toContain('Changed an inquiry’s status');
    expect(await text()).toContain('new → contacted');
    expect(await text()).toContain(E2E_ADMIN.email);
    expect(await text()).toContain(`Inquiry ${clientRequest.id.slice(0, 8)}`);
    expect(await move.locator('[title]').last().getAttribute('title')).toBeTruthy();
    expect(
      ((await page.locator('tbody tr').nth(1).textContent()) ?? '').replace(/\s+/g, ' '),
    ).toContain('Visitor (not signed in)');

    await choose(page, 'Action', 'Inquiries');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await choose(page, 'Who', 'Admins');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await choose(page, 'Who', 'Participants');
    await expect
      .poll(() => page.getByText('Nothing matches these filters.').isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await choose(page, 'Who', 'Anyone');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);

    // Period: today finds it; a period ending yesterday does not; a backwards one is explained.
    await page.getByLabel('From').fill(localDay(0));
    await page.getByLabel('To').fill(localDay(0));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await page.getByLabel('From').fill(localDay(-3));
    await page.getByLabel('To').fill(localDay(-1));
    await expect
      .poll(() => page.getByText('Nothing matches these filters.').isVisible())
      .toBe(true);
    await page.getByLabel('From').fill(localDay(0));
    await expect
      .poll(() => page.getByText('The “To” date must not be before the “From” date.').isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'activity-filtered-1280');

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(2);
    expectNoProblems(t);
    await t.close();
  });

  it('pages with Load more and fits a 375 px phone', async () => {
    const t = await openTab(375, 'activity', 'Activity');
    const { page } = t;
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'activity-375');
    const before = await page.locator('tbody tr').count();
    const more = page.getByRole('button', { name: 'Load more' });
    if (await more.isVisible()) {
      await more.click();
      await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(before);
    }
    expectNoProblems(t);
    await t.close();
  });
});

// Opening studies is read by every participant page and e-mails every registered
// participant: on the shared server it would race with the files running beside this one
// (their notices, their mail, the outbox list). These tests get a server of their own.
describe('admin: settings', () => {
  let own: E2eServer | undefined;
  beforeAll(async () => {
    own = await startE2eServer();
  });
  afterAll(async () => {
    await own?.stop();
  });
  const ownUrl = () => own!.baseUrl;

  it('opens studies after a confirmation, keeps it after a reload, and postpones them again', async () => {
    const api = await adminApi(ownUrl());
    // A participant to e-mail, so the confirmation and the answer count someone.
    const registered = await fetch(`${ownUrl()}/api/participants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Auma',
        lastName: 'Odhiambo',
        email: `auma.${crypto.randomBytes(3).toString('hex')}@example.com`,
        phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
        password: 'Jacaranda-Lantern-64',
      }),
    });
    expect(registered.status).toBe(201);
    // A fresh server starts postponed (the default).
    expect(
      (await api<{ settings: { studiesOpen: boolean } }>('GET', '/api/settings')).settings,
    ).toEqual({ studiesOpen: false });

    const t = await openTab(1280, 'settings', 'Settings', ownUrl());
    const { page } = t;
    const open = page.getByRole('radio', { name: 'Studies open' });
    const postponed = page.getByRole('radio', { name: 'Studies postponed' });
    await expect.poll(() => postponed.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText('Now: Postponed').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'settings-1280');

    await open.click();
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: 'Open studies and e-mail participants?',
    });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.textContent()).toMatch(/registered participant/);
    await expectNoAxeViolations(page);
    await shot(page, 'settings-confirm-1280');
    // Cancelling saves nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByText('Now: Postponed').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Open studies and send e-mails' }).click();
    await expect
      .poll(() => page.getByText('Settings saved', { exact: true }).isVisible())
      .toBe(true);
    // This server has exactly the one participant registered above.
    expect(
      await page.getByText('Studies are open. 1 participant will be e-mailed.').first().isVisible(),
    ).toBe(true);
    await expect.poll(() => page.getByText('Now: Open').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByText('Now: Open').isVisible()).toBe(true);
    expect(
      await page.getByRole('radio', { name: 'Studies open' }).getAttribute('aria-checked'),
    ).toBe('true');

    await page.getByRole('radio', { name: 'Studies postponed' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        page
          .getByText('Studies are postponed. Participants see the postponed notice.')
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Now: Postponed').isVisible()).toBe(true);
    expect(
      (await api<{ settings: { studiesOpen: boolean } }>('GET', '/api/settings')).settings,
    ).toEqual({
      studiesOpen: false,
    });
    expectNoProblems(t);
    await t.close();
  });

  it('fits a 375 px phone', async () => {
    const t = await openTab(375, 'settings', 'Settings', ownUrl());
    const { page } = t;
    await expect
      .poll(() => page.getByRole('radio', { name: 'Studies open' }).isVisible())
      .toBe(true);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'settings-375');
    expectNoProblems(t);
    await t.close();
  });
});
