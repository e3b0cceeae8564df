import type { Page } from 'playwright-core';
import { shot, suffix } from './support/kit';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';

const session = useBrowser();

async function post<T>(url: string, body: unknown, cookie?: string): Promise<T> {
  const res = await fetch(`${session.baseUrl}${url}`, {
    method: url.endsWith('/status') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.ok, `${url}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${session.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** An inquiry sent through the public API, as the "Let's Work Together" form does. */
async function sendInquiry(companyName: string) {
  const { clientRequest } = await post<{ clientRequest: { id: string } }>('/api/client-requests', {
    companyName,
    contactPerson: 'Njeri Kamau',
    email: `njeri.${suffix()}@example.com`,
    service: 'research',
    urgency: '2-weeks',
    budget: '15k-30k',
    message: 'We want to learn why shoppers leave at checkout.\nCan you help within a month?',
  });
  return clientRequest;
}

async function sendResearchRequest(company: string) {
  const { researchRequest } = await post<{ researchRequest: { id: string } }>(
    '/api/research-requests',
    {
      company,
      contactName: 'Otieno Ouma',
      email: `otieno.${suffix()}@example.com`,
      phone: '+254 712 345 678',
      projectType: 'mobile-app',
      description: 'Validate the onboarding of our savings app.',
      timeline: '3-4weeks',
      budget: '100k-250k',
      targetAudience: 'Boda boda riders in Nairobi',
      goals: 'Find where people give up during sign-up.',
    },
  );
  return researchRequest;
}

/** The e2e super admin, signed in inside the page's context, on the Client Requests tab. */
async function openRequestsTab(width = 1280, view?: 'research'): Promise<TestPage> {
  const t = await session.newPage({ width });
  const signedIn = await t.context.request.post('/api/auth/signin', { data: E2E_ADMIN });
  expect(signedIn.status()).toBe(200);
  await t.page.goto(`/admin/dashboard?tab=requests${view ? `&view=${view}` : ''}`);
  await expect
    .poll(() => t.page.getByRole('heading', { name: 'Client Requests' }).isVisible())
    .toBe(true);
  return t;
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
}

/** Picks a status in the filter and waits for its list to close (axe must not see it animating out). */
async function filterStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
}

const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().isVisible();

describe('admin: client requests', () => {
  it('finds an inquiry, shows it whole and moves it new → contacted → in progress → closed', async () => {
    const company = `Safari Foods ${suffix()}`;
    await sendInquiry(company);
    const t = await openRequestsTab();
    const { page } = t;
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'requests-inquiries-1280');

    await search(page, company.toUpperCase());
    const row = page.locator('tbody tr').first();
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('$15,000 – $30,000');
    expect(await row.getByText('New', { exact: true }).isVisible()).toBe(true);

    await page.getByRole('button', { name: `View details: ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: company });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(
      await dialog.getByText('We want to learn why shoppers leave at checkout.').isVisible(),
    ).toBe(true);
    expect(await dialog.getByRole('link', { name: /@example\.com/ }).getAttribute('href')).toMatch(
      /^mailto:njeri\./,
    );
    expect(await dialog.getByText('Within 2 weeks').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'requests-inquiry-dialog-1280');

    // new: contacted or in progress, never straight to closed.
    expect(await dialog.getByRole('button', { name: 'Close request' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect.poll(() => toast(page, 'Request updated')).toBe(true);
    await expect.poll(() => dialog.locator('[data-status="contacted"]').count()).toBe(1);
    // contacted: only in progress.
    expect(await dialog.getByRole('button', { name: 'Mark as contacted' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Close request' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Mark as in progress' }).click();
    await expect.poll(() => dialog.locator('[data-status="in-progress"]').count()).toBe(1);
    // in progress: only closed, after a confirmation.
    expect(await dialog.getByRole('button', { name: 'Mark as contacted' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close request' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Close the request from ${company}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Close request' }).click();
    await expect.poll(() => dialog.locator('[data-status="closed"]').count()).toBe(1);
    expect(await dialog.getByText('This request is closed: no further steps.').isVisible()).toBe(
      true,
    );
    // (Escape would first close the toast, the newest layer.)
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.locator('[data-status="closed"]').count()).toBe(1);
    expect(await row.getByText('No further steps').isVisible()).toBe(true);

    // The status filter: the closed inquiry is under Closed and not under New.
    await filterStatus(page, 'New');
    await expect
      .poll(() => page.getByText('No inquiries match these filters.').isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await filterStatus(page, 'Closed');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expectNoProblems(t);
    await t.close();
  });

  it('moves a research request from its row, shows its details, and explains a refused move', async () => {
    const company = `Duka Pay ${suffix()}`;
    const request = await sendResearchRequest(company);
    const t = await openRequestsTab(1280, 'research');
    const { page } = t;
    await expect
      .poll(() =>
        page.getByRole('tab', { name: 'Research requests' }).getAttribute('aria-selected'),
      )
      .toBe('true');
    await search(page, company);
    const row = page.locator('tbody tr').first();
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('Ksh 100,000 – 250,000');
    expect(await row.getByRole('link', { name: '+254712345678' }).getAttribute('href')).toBe(
      'tel:+254712345678',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'requests-research-1280');

    await page.getByRole('button', { name: `Update status: ${company}` }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(
      await menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent)),
    ).toEqual(['Mark as contacted', 'Mark as in progress']);
    await menu.getByRole('menuitem', { name: 'Mark as in progress' }).click();
    await expect.poll(() => toast(page, 'Request updated')).toBe(true);
    await expect.poll(() => row.locator('[data-status="in-progress"]').count()).toBe(1);

    await page.getByRole('button', { name: `View details: ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: company });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const text of [
      'Validate the onboarding of our savings app.',
      'Find where people give up during sign-up.',
      'Boda boda riders in Nairobi',
      'Ksh 100,000 – 250,000',
      '3–4 weeks',
      'Mobile app',
    ]) {
      expect(await dialog.getByText(text).isVisible(), text).toBe(true);
    }
    expect(await dialog.getByRole('link', { name: '+254712345678' }).getAttribute('href')).toBe(
      'tel:+254712345678',
    );
    expect(await dialog.getByRole('button', { name: 'Mark as contacted' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'requests-research-dialog-1280');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Another admin closes it meanwhile: the stale "Close request" here gets the server's 409.
    await post(
      `/api/research-requests/${request.id}/status`,
      { status: 'closed' },
      await adminCookie(),
    );
    await page.getByRole('button', { name: `Update status: ${company}` }).click();
    await page.getByRole('menuitem', { name: 'Close request' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close request' }).click();
    await expect.poll(() => toast(page, 'Failed to update request')).toBe(true);
    expect(
      await page.getByText('A request cannot move from closed to closed').first().isVisible(),
    ).toBe(true);
    // The list is refreshed: the row now says closed and offers nothing.
    await expect.poll(() => row.locator('[data-status="closed"]').count()).toBe(1);
    expectNoProblems(t, [409]);
    await t.close();
  });

  it('fits a 375 px phone: a card per request with its actions on screen, the dialog fits the screen', async () => {
    const company = `Matatu Maps ${suffix()}`;
    await sendInquiry(company);
    const t = await openRequestsTab(375);
    const { page } = t;
    await search(page, company);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const card = page.locator('li[data-request-id]:visible', { hasText: company });
    await card.waitFor();
    expect(await page.locator('table:visible').count()).toBe(0);
    for (const control of await card.getByRole('button').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expectNoAxeViolations(page);
    await shot(page, 'requests-inquiries-375');
    await page.getByRole('button', { name: `View details: ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: company });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, 'requests-inquiry-dialog-375');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Research requests' }).click();
    await expect.poll(() => page.url()).toContain('view=research');
    await shot(page, 'requests-research-375');
    expectNoProblems(t);
    await t.close();
  });
});
