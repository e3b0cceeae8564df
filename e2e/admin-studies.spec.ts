import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page, Route } from 'playwright-core';
import {
  adminApi,
  applicant as applyAs,
  createActiveStudy,
  isoDay,
  settled,
  shot,
  squash,
  suffix,
  type Api,
  signedInPage,
} from './support/kit';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';

const session = useBrowser();

async function visible(page: Page, text: string | RegExp): Promise<boolean> {
  return page.getByText(text).first().isVisible();
}

/** The value of one of the study page's stat cards. */
async function stat(page: Page, label: string): Promise<string> {
  const dd = page
    .locator('dt', { hasText: label })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  return squash(await dd.textContent());
}

async function openTab(page: Page, name: string | RegExp) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

async function noPageScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
  );
}

type StudyRow = { id: string; title: string; status: string };

/** An active study with this file's defaults (figures the assertions below rely on). */
const createStudyApi = (admin: Api, overrides: Record<string, unknown> = {}) =>
  createActiveStudy(admin, {
    title: `Checkout flow test ${suffix()}`,
    description: 'Pay for an order with M-Pesa and tell us what was unclear.',
    payRate: '1200.00',
    duration: 1,
    maxParticipants: 2,
    company: 'Duka Digital',
    tags: ['ecommerce'],
    ...overrides,
  });

/** A participant registered and applied to the study through the API. */
const applicant = (testId: string, firstName: string) => applyAs(testId, firstName, 'Kamau');

const signedInAdminPage = (width = 1280) => signedInPage(session, { width });

async function openTestsTab(page: Page) {
  await page.goto('/admin/dashboard?tab=tests');
  await page.getByRole('heading', { name: 'Tests', level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Create test' }).waitFor();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Loading tests' }).count())
    .toBe(0);
}

describe('admin tests tab and test page', () => {
  it('creates a test through the dialog, refuses bad dates, activates it, shows its figures and deletes it', async () => {
    const t = await signedInAdminPage();
    const { page } = t;
    const admin = await adminApi();
    const title = `Savings app interview ${suffix()}`;

    await openTestsTab(page);
    await expectNoAxeViolations(page);
    await shot(page, 'tests-tab-1280');

    // The dialog, with the schema's messages.
    await page.getByRole('button', { name: 'Create test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create test' });
    await settled(dialog);
    await expect.poll(() => dialog.getByLabel('Participants needed').inputValue()).toBe('10');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create test' }).click();
    await expect.poll(() => visible(page, 'Title is required')).toBe(true);
    await expect.poll(() => visible(page, 'Description is required')).toBe(true);
    await shot(page, 'create-dialog-errors-1280');

    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await dialog
      .getByLabel('Description')
      .fill('Talk us through how you save with chamas and apps.');
    await dialog.getByLabel('Pay rate (Ksh per hour)').fill('1500.50');
    await dialog.getByLabel('Duration (hours)').fill('2');
    await dialog.getByLabel('Participants needed').fill('3');
    await dialog.getByLabel('Start date').fill(isoDay(20));
    await dialog.getByLabel('End date').fill(isoDay(10));
    await dialog.getByLabel('Company').fill('Akiba Labs');
    await dialog.getByLabel('Tags').fill(' fintech, , savings ,');
    await dialog.getByRole('button', { name: 'Create test' }).click();
    await expect.poll(() => visible(page, 'End date cannot be before the start date')).toBe(true);
    const beforeFix = await admin<{ tests: StudyRow[] }>('GET', '/api/tests');
    expect(beforeFix.body.tests.some((s) => s.title === title)).toBe(false);

    await dialog.getByLabel('End date').fill(isoDay(40));
    await dialog.getByRole('button', { name: 'Create test' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => visible(page, 'Test created')).toBe(true);

    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(squash(await card.textContent())).toContain('Not Started');
    expect(squash(await card.textContent())).toContain('Akiba Labs');
    expect(squash(await card.textContent())).toContain('0 / 3 filled');
    expect(squash(await card.textContent())).toContain('Ksh 3,001 per participant');
    expect(
      await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents(),
    ).toEqual(['fintech', 'savings']);
    const created = (await admin<{ tests: StudyRow[] }>('GET', '/api/tests')).body.tests.find(
      (s) => s.title === title,
    )!;
    expect(created.status).toBe('not_started');

    // The text filter and the status filter.
    await page.getByLabel('Search tests').fill(title.slice(-6));
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByLabel('Search tests').fill('');

    // Status to active.
    await card.getByRole('combobox', { name: `Status of ${title}` }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect.poll(() => visible(page, 'Test status updated')).toBe(true);
    await expect
      .poll(
        async () =>
          (await admin<{ test: StudyRow }>('GET', `/api/tests/${created.id}`)).body.test.status,
      )
      .toBe('active');
    await expect.poll(async () => squash(await card.textContent())).toContain('Active');

    await page.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'All statuses', exact: true }).click();
    await card.waitFor();

    // Its page: the four stat cards with exact money (1500.50 x 2 h x 3 places).
    await card.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/admin/test/${created.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await expect.poll(() => stat(page, 'Total Budget')).toBe('Ksh 9,003');
    await expect.poll(() => stat(page, 'Paid Out')).toBe('Ksh 0');
    await expect.poll(() => stat(page, 'Remaining')).toBe('Ksh 9,003');
    await expect.poll(() => stat(page, 'Capacity')).toBe('0 / 3');
    expect(await page.title()).toContain(title);
    await expectNoAxeViolations(page);
    await shot(page, 'detail-overview-1280');
    for (const name of [/^Scheduled/, /^Completed/, /^All Applications/]) {
      await openTab(page, name);
      await expectNoAxeViolations(page);
    }

    // Back to the tab, then delete with the confirmation.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/admin/dashboard?tab=tests');
    await card.waitFor();
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog');
    await settled(confirm);
    expect(squash(await confirm.textContent())).toContain(
      'Are you sure you want to delete this test? This action cannot be undone.',
    );
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete test' }).click();
    await expect.poll(() => visible(page, 'Test deleted')).toBe(true);
    await expect.poll(() => card.count()).toBe(0);
    expect((await admin('GET', `/api/tests/${created.id}`)).status).toBe(404);

    expectNoProblems(t);
    await t.close();
  });

  it('shows the full state, the applicants dialog, the lists, the payment export, and offers no Delete on a test with a payment', async () => {
    const admin = await adminApi();
    const study = await createStudyApi(admin, {
      payRate: '1200.00',
      duration: 1,
      maxParticipants: 2,
    });
    const amina = await applicant(study.id, 'Amina');
    const brian = await applicant(study.id, 'Brian');
    const chebet = await applicant(study.id, 'Chebet');
    const first = await admin('PUT', `/api/applications/${amina.applicationId}/status`, {
      status: 'scheduled',
    });
    expect(first.status).toBe(200);

    const t = await signedInAdminPage();
    const { page } = t;
    await page.goto(`/admin/test/${study.id}`);
    await page.getByRole('heading', { name: study.title, level: 1 }).waitFor();
    await expect.poll(() => stat(page, 'Capacity')).toBe('1 / 2');
    const warning = page.getByRole('status').filter({ hasText: 'This test is full' });
    expect(await warning.count()).toBe(0);

    // The applicants dialog: schedule Brian there, which takes the last place: FULL.
    await page.getByRole('button', { name: 'Applicants (2)' }).click();
    const dialog = page.getByRole('dialog', { name: /Applicants/ });
    await settled(dialog);
    expect(squash(await dialog.textContent())).not.toContain('FULL');
    expect(squash(await dialog.textContent())).not.toContain(amina.email);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Schedule Brian Kamau' }).click();
    await expect.poll(() => visible(page, 'Application updated')).toBe(true);
    await expect.poll(async () => squash(await dialog.textContent())).toContain('FULL');
    expect(squash(await dialog.textContent())).not.toContain(brian.email);
    expect(squash(await dialog.textContent())).toContain(chebet.email);
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Schedule Chebet Kamau' }).isDisabled())
      .toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'applicants-dialog-1280');
    // Escape closes the dialog, even with the toast (the newest layer) showing.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await expect.poll(() => stat(page, 'Capacity')).toBe('2 / 2');
    await expect.poll(() => warning.isVisible()).toBe(true);
    // The toast may be fading out by now on a busy machine: axe would measure it half gone.
    await expect.poll(() => page.getByText('Application updated', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'detail-full-1280');

    await openTab(page, 'Scheduled (2)');
    const scheduled = page.getByRole('tabpanel');
    await expect.poll(async () => squash(await scheduled.textContent())).toContain(amina.email);
    expect(squash(await scheduled.textContent())).toContain(brian.phone);

    // Complete one through the API: its payment is pending, so nothing is paid out yet;
    // the place stays taken.
    const done = await admin('PUT', `/api/applications/${amina.applicationId}/status`, {
      status: 'completed',
    });
    expect(done.status).toBe(200);
    await page.reload();
    await expect.poll(() => stat(page, 'Capacity')).toBe('2 / 2');
    expect(await stat(page, 'Paid Out')).toBe('Ksh 0');
    expect(await stat(page, 'Remaining')).toBe('Ksh 2,400');
    expect(await stat(page, 'Total Budget')).toBe('Ksh 2,400');
    expect(await stat(page, 'Capacity')).toBe('2 / 2');

    await openTab(page, 'Completed (1)');
    const completed = page.getByRole('tabpanel');
    await expect.poll(async () => squash(await completed.textContent())).toContain(amina.email);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Payment List' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe(
      'Participant,Email,Phone,Hours worked,Rate (KES/hour),Total payment (KES),Completion date',
    );
    expect(csv).toContain(`Amina Kamau,${amina.email}`);
    expect(csv).toContain('1200.00');
    // The export's toast may still be sliding in (later on a busy machine): axe would
    // measure its text half transparent.
    await settled(page.getByText('Payment list exported', { exact: true }).first());
    await expectNoAxeViolations(page);

    await openTab(page, 'All Applications (3)');
    await expect
      .poll(async () => squash(await page.getByRole('tabpanel').textContent()))
      .toContain(chebet.email);
    await expectNoAxeViolations(page);

    // A test with a payment cannot be deleted: Delete is not offered, and the card says why.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    const card = page.getByRole('article', { name: study.title });
    await card.waitFor();
    await shot(page, 'tests-tab-cards-1280');
    expect(await card.getByRole('button', { name: `Delete ${study.title}` }).count()).toBe(0);
    expect(squash(await card.textContent())).toContain('Has payments: cancel instead');
    expect((await admin('DELETE', `/api/tests/${study.id}`)).status).toBe(409);

    expectNoProblems(t);
    await t.close();
  });

  it('says when a test does not exist or the id is invalid, with a way back', async () => {
    const t = await signedInAdminPage();
    const { page } = t;
    await page.goto(`/admin/test/${crypto.randomUUID()}`);
    await page.getByRole('heading', { name: 'Test not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    expect(await page.title()).toContain('Test not found');
    await expectNoAxeViolations(page);
    await shot(page, 'detail-not-found-1280');

    await page.goto('/admin/test/not-a-test-id');
    await page.getByRole('heading', { name: 'Error loading test: Not a valid id' }).waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'detail-error-1280');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/admin/dashboard?tab=tests');
    await page.getByRole('heading', { name: 'Tests', level: 2 }).waitFor();

    expectNoProblems(t, [400, 404]);
    await t.close();
  });

  it('shows an error with a retry when the tests or the applications of a test fail to load', async () => {
    const admin = await adminApi();
    const study = await createStudyApi(admin);
    const t = await signedInAdminPage();
    const { page } = t;
    const outage = (route: Route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The service is temporarily unavailable' }),
      });

    await page.route('**/api/tests', outage);
    await page.goto('/admin/dashboard?tab=tests');
    await page.getByText('The tests could not be loaded.').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'tests-tab-error-1280');
    await page.unroute('**/api/tests', outage);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('article', { name: study.title }).waitFor();

    await page.route('**/api/applications?*', outage);
    await page.goto(`/admin/test/${study.id}`);
    await page.getByText('The applications of this test could not be loaded.').waitFor();
    // What needs no application still shows.
    expect(await stat(page, 'Total Budget')).toBe('Ksh 2,400');
    await expectNoAxeViolations(page);
    await shot(page, 'detail-applications-error-1280');
    await page.unroute('**/api/applications?*', outage);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => stat(page, 'Capacity')).toBe('0 / 2');

    // Only the outages made on purpose went wrong.
    expect(t.problems.filter((p) => !p.includes('503'))).toEqual([]);
    await t.close();
  });

  it('fits a 375 px phone without sideways page scroll', async () => {
    const admin = await adminApi();
    const study = await createStudyApi(admin, {
      title: `A rather long study title about mobile money onboarding ${suffix()}`,
      company: 'Mtaa Mobile Money Cooperative Society',
      tags: ['fintech', 'onboarding', 'android', 'usability', 'kiswahili'],
      maxParticipants: 1,
    });
    const only = await applicant(study.id, 'Daudi');
    await admin('PUT', `/api/applications/${only.applicationId}/status`, { status: 'scheduled' });

    const t = await signedInAdminPage(375);
    const { page } = t;
    await openTestsTab(page);
    await page.getByRole('article', { name: study.title }).waitFor();
    expect(await noPageScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'tests-tab-375');

    await page.getByRole('button', { name: 'Create test' }).click();
    await settled(page.getByRole('dialog', { name: 'Create test' }));
    expect(await noPageScroll(page)).toBe(true);
    await shot(page, 'create-dialog-375');
    await page.keyboard.press('Escape');

    await page.goto(`/admin/test/${study.id}`);
    await expect.poll(() => stat(page, 'Capacity')).toBe('1 / 1');
    expect(await noPageScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'detail-375');
    await openTab(page, /^Scheduled/);
    expect(await noPageScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'detail-scheduled-375');
    await page.getByRole('button', { name: /^Applicants/ }).click();
    await settled(page.getByRole('dialog', { name: /Applicants/ }));
    expect(await noPageScroll(page)).toBe(true);
    await shot(page, 'applicants-dialog-375');

    expectNoProblems(t);
    await t.close();
  });
});
