// Issue 12 (the console's consistency audit): one container width, tables that fit or
// scroll inside their panel, cards on a phone, a tab strip that scrolls, editing a study,
// Paid Out and Delete that tell the truth, and the focus going back where it came from.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { startE2eServer, type E2eServer } from './support/global-server';
import {
  adminApi,
  apiAs,
  applicant,
  createActiveStudy,
  isFocused,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
  toastShown,
  type Api,
} from './support/kit';

const session = useBrowser();

/** The left and right edges of an element, in CSS pixels. */
const edges = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { left: Math.round(box.left), right: Math.round(box.right) };
  });

/** The edges of an element's content box (inside its padding). */
const contentEdges = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      left: Math.round(box.left + parseFloat(style.paddingLeft)),
      right: Math.round(box.right - parseFloat(style.paddingRight)),
    };
  });

/** The edges of the header's content (its logo row), which the footer shares. */
const headerEdges = (page: Page) => contentEdges(page.locator('header > div').first());

const activeTag = (page: Page) =>
  page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? 'none');

/** The value of one of the study page's stat cards. */
async function stat(page: Page, label: string): Promise<string> {
  const dd = page
    .locator('dt', { hasText: label })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  return squash(await dd.textContent());
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Applied, scheduled and completed through the API: the study then has a pending payment. */
async function completedApplicant(admin: Api, studyId: string, firstName: string) {
  const person = await applicant(studyId, firstName, `Wekesa${suffix()}`);
  for (const status of ['scheduled', 'completed']) {
    const moved = await admin('PUT', `/api/applications/${person.applicationId}/status`, {
      status,
    });
    expect(moved.status).toBe(200);
  }
  const payments = await admin<{ payments: { id: string; applicationId: string }[] }>(
    'GET',
    `/api/payments?testId=${studyId}`,
  );
  const payment = payments.body.payments.find((p) => p.applicationId === person.applicationId)!;
  return { ...person, paymentId: payment.id };
}

describe('admin console layout', () => {
  it('keeps the dashboard and the test page to the header and footer width at 1280 px, tables inside their panel', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin, { maxParticipants: 1 });
    const person = await applicant(study.id, 'Akinyi', `Otieno${suffix()}`);
    await admin('PUT', `/api/applications/${person.applicationId}/status`, {
      status: 'scheduled',
    });
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=applications' });
    const { page } = t;
    await page.getByRole('heading', { name: 'Applications', level: 2 }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);

    const header = await headerEdges(page);
    const footer = await contentEdges(page.locator('footer div.mx-auto').first());
    expect(footer).toEqual(header);
    const content = await edges(page.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(content.left).toBe(header.left);
    const tabs = await edges(page.getByRole('tablist', { name: 'Admin sections' }));
    expect(tabs).toEqual(header);

    // The table's box never passes its panel: it fits, or scrolls inside with a hint.
    const panel = await edges(page.getByRole('tabpanel'));
    const box = page.locator('[data-slot="table-container"]:visible').first();
    const table = await edges(box);
    expect(table.left).toBeGreaterThanOrEqual(panel.left);
    expect(table.right).toBeLessThanOrEqual(panel.right);
    const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    const hint = page.getByText('Scroll sideways for more');
    expect(await hint.isVisible()).toBe(scrolls);
    // FULL is said once in the full study's row.
    await page.getByRole('searchbox', { name: 'Search participants' }).fill(person.email);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(
      squash(await page.locator('tbody tr').first().textContent()).match(/FULL/g),
    ).toHaveLength(1);
    await expectNoAxeViolations(page);
    await shot(page, 'console-applications-1280');

    await page.goto(`/admin/test/${study.id}`);
    await page.getByRole('heading', { name: study.title, level: 1 }).waitFor();
    const title = await edges(page.getByRole('heading', { name: study.title, level: 1 }));
    expect(title.left).toBe((await headerEdges(page)).left);
    const stats = await edges(page.locator('dl[aria-label="Budget and capacity"]'));
    expect(stats).toEqual(await headerEdges(page));
    await shot(page, 'console-study-1280');
    expectNoProblems(t);
    await t.close();
  });

  it('shows cards instead of tables on a 375 px phone: client requests, activity and a test’s applicants', async () => {
    const admin = await adminApi();
    const company = `Kilimo Cards ${suffix()}`;
    const sent = await fetch(`${session.baseUrl}/api/client-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: company,
        contactPerson: 'Peter Njoroge',
        email: `peter.a.very.long.address.${suffix()}@kilimo-cooperative.example`,
        service: 'research',
        message: 'We want to know why farmers stop using our app.',
      }),
    });
    expect(sent.status).toBe(201);
    const study = await createActiveStudy(admin, { maxParticipants: 3 });
    const person = await applicant(study.id, 'Chebet', `Langat${suffix()}`);
    await admin('PUT', `/api/applications/${person.applicationId}/status`, {
      status: 'scheduled',
    });

    const t = await signedInPage(session, { width: 375, path: '/admin/dashboard?tab=requests' });
    const { page } = t;
    await page.getByRole('searchbox').first().fill(company);
    const card = page.locator('li[data-request-id]:visible', { hasText: company });
    await card.waitFor();
    expect(await page.locator('table:visible').count()).toBe(0);
    expect(squash(await card.textContent())).toContain('Peter Njoroge');
    for (const control of await card.getByRole('button').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    const mail = (await card.getByRole('link', { name: /kilimo-cooperative/ }).boundingBox())!;
    expect(mail.x + mail.width).toBeLessThanOrEqual(375);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'console-requests-375');

    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('heading', { name: 'Activity', level: 2 }).waitFor();
    await page.locator('li[data-audit-id]:visible').first().waitFor();
    expect(await page.locator('table:visible').count()).toBe(0);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'console-activity-375');

    await page.goto(`/admin/test/${study.id}`);
    await page.getByRole('tab', { name: /^Scheduled/ }).click();
    const applicantCard = page.locator('li[data-application-id]:visible', {
      hasText: person.email,
    });
    await applicantCard.waitFor();
    expect(await page.locator('table:visible').count()).toBe(0);
    const complete = applicantCard.getByRole('button', { name: `Complete ${person.name}` });
    const box = (await complete.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'console-study-applicants-375');
    expectNoProblems(t);
    await t.close();
  });

  it('keeps the nine tabs in one row that scrolls on a phone, the selected tab in view and reachable by the arrow keys', async () => {
    const t = await signedInPage(session, { width: 375, path: '/admin/dashboard?tab=settings' });
    const { page } = t;
    const strip = page.getByRole('tablist', { name: 'Admin sections' });
    await strip.waitFor();
    const tops = await strip
      .getByRole('tab')
      .evaluateAll((tabs) => [
        ...new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))),
      ]);
    expect(tops).toHaveLength(1);
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    const inView = (tab: Locator) =>
      tab.evaluate((el) => {
        const list = el.parentElement!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return box.left >= list.left - 1 && box.right <= list.right + 1;
      });
    const settings = page.getByRole('tab', { name: 'Settings' });
    await expect.poll(() => inView(settings)).toBe(true);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'console-tabs-375');

    await settings.focus();
    // Each arrow moves along the strip, and the tab reached scrolls into view.
    const leftwards = [
      'Outbox',
      'Activity',
      'Admin Management',
      'Payments',
      'Client Requests',
      'Applications',
      'Tests',
      'Participants',
      'Overview',
    ];
    for (const name of leftwards) {
      await page.keyboard.press('ArrowLeft');
      const tab = page.getByRole('tab', { name, exact: true });
      await expect.poll(() => isFocused(tab)).toBe(true);
      await expect.poll(() => inView(tab)).toBe(true);
    }
    const overview = page.getByRole('tab', { name: 'Overview' });
    await page.keyboard.press('Enter');
    await expect.poll(() => overview.getAttribute('aria-selected')).toBe('true');
    expectNoProblems(t);
    await t.close();
  });
});

describe('admin tests: create, edit, paid out and delete', () => {
  it('aligns the pay rate, duration and participants at the top with their own messages under them', async () => {
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=tests' });
    const { page } = t;
    await page.getByRole('button', { name: 'Create test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create test' });
    await settled(dialog);
    await dialog.getByLabel('Participants needed').fill('');
    await dialog.getByLabel('Duration (hours)').fill('2');
    await dialog.getByRole('button', { name: 'Create test' }).click();
    await expect.poll(() => dialog.getByText('Pay rate is required').isVisible()).toBe(true);
    expect(await dialog.getByText('Participants needed is required').isVisible()).toBe(true);
    expect(await dialog.getByText(/between 0 and 999999.99/).count()).toBe(0);
    const tops = await Promise.all(
      [/^Pay rate/, 'Duration (hours)', 'Participants needed'].map((label) =>
        dialog.getByLabel(label).evaluate((el) => Math.round(el.getBoundingClientRect().top)),
      ),
    );
    expect(new Set(tops).size).toBe(1);
    await expectNoAxeViolations(page);
    await shot(page, 'console-create-errors-1280');
    expectNoProblems(t);
    await t.close();
  });

  it('edits a test in a prefilled dialog, shows the server’s field message, returns the focus to Edit, and keeps payments already made', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin, {
      payRate: '1000.00',
      duration: 1,
      maxParticipants: 3,
    });
    const done = await completedApplicant(admin, study.id, 'Njeri');
    const waiting = await applicant(study.id, 'Otieno', `Odhiambo${suffix()}`);
    await admin('PUT', `/api/applications/${waiting.applicationId}/status`, {
      status: 'scheduled',
    });
    const t = await signedInPage(session, { path: `/admin/test/${study.id}` });
    const { page } = t;
    await page.getByRole('heading', { name: study.title, level: 1 }).waitFor();
    // A completed participant whose payment is still pending: nothing is paid out yet.
    await expect.poll(() => stat(page, 'Paid Out')).toBe('Ksh 0');
    expect(await stat(page, 'Remaining')).toBe('Ksh 3,000');
    // Its payment is owed, and the page says so rather than leave it out of every line.
    expect(await page.getByText('Ksh 1,000 owed, not yet paid').count()).toBe(1);

    const edit = page.getByRole('button', { name: 'Edit test' });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit test' });
    await settled(dialog);
    expect(await dialog.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(
      study.title,
    );
    expect(await dialog.getByLabel(/^Pay rate/).inputValue()).toBe('1000.00');
    expect(await dialog.getByLabel('Participants needed').inputValue()).toBe('3');
    expect(await dialog.getByLabel('Tags').inputValue()).toBe('mobility');
    await expectNoAxeViolations(page);
    await shot(page, 'console-edit-dialog-1280');

    // Two places are taken: the server refuses fewer, and says so under the field.
    await dialog.getByLabel('Participants needed').fill('1');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() =>
        dialog.getByText('2 places are taken: participants needed cannot be fewer').isVisible(),
      )
      .toBe(true);
    expect(await dialog.getByLabel('Participants needed').getAttribute('aria-invalid')).toBe(
      'true',
    );
    // Escape, with the failure toast showing, closes the dialog.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await isFocused(edit)).toBe(true);

    await edit.click();
    await settled(dialog);
    // Reopened: the stored values again, not the draft.
    expect(await dialog.getByLabel('Participants needed').inputValue()).toBe('3');
    await dialog.getByLabel(/^Pay rate/).fill('2500');
    await dialog.getByLabel('Company').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastShown(page, 'Test updated')).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(edit)).toBe(true);
    await expect.poll(() => stat(page, 'Total Budget')).toBe('Ksh 7,500');
    const stored = await admin<{ test: { payRate: string; company: string | null } }>(
      'GET',
      `/api/tests/${study.id}`,
    );
    expect(stored.body.test).toMatchObject({ payRate: '2500.00', company: null });
    // The payment created before the edit keeps its amount.
    const payments = await admin<{ payments: { id: string; amount: string }[] }>(
      'GET',
      `/api/payments?testId=${study.id}`,
    );
    expect(payments.body.payments.find((p) => p.id === done.paymentId)?.amount).toBe('1000.00');

    // Paid out counts the payment once it is marked paid.
    await admin('PUT', `/api/payments/${done.paymentId}/status`, { status: 'processing' });
    await admin('PUT', `/api/payments/${done.paymentId}/status`, {
      status: 'completed',
      paymentMethod: 'M-Pesa',
      transactionId: 'QGH7XK2L9P',
    });
    await page.reload();
    await expect.poll(() => stat(page, 'Paid Out')).toBe('Ksh 1,000');
    expectNoProblems(t, [400]);
    await t.close();
  });

  it('offers Delete only on a test without payments, and says why not on one with payments', async () => {
    const admin = await adminApi();
    const paid = await createActiveStudy(admin, { title: `Paid kiosk study ${suffix()}` });
    await completedApplicant(admin, paid.id, 'Wanjiku');
    const free = await createActiveStudy(admin, { title: `Free kiosk study ${suffix()}` });
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=tests' });
    const { page } = t;
    const paidCard = page.getByRole('article', { name: paid.title });
    const freeCard = page.getByRole('article', { name: free.title });
    await paidCard.waitFor();
    expect(await paidCard.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(squash(await paidCard.textContent())).toContain('Has payments: cancel instead');
    expect(await freeCard.getByRole('button', { name: `Delete ${free.title}` }).count()).toBe(1);
    await expectNoAxeViolations(page);
    expectNoProblems(t);
    await t.close();
  });
});

describe('admin console focus', () => {
  it('opens a participant’s details on Close, not on Delete participant', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin);
    const person = await applicant(study.id, 'Baraka', `Mutua${suffix()}`);
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=participants' });
    const { page } = t;
    await page.getByLabel('Search participants').fill(person.email);
    const open = page.getByRole('button', { name: `View ${person.name}` });
    await open.click();
    const dialog = page.getByRole('dialog', { name: person.name });
    await settled(dialog);
    expect(await isFocused(dialog.getByRole('button', { name: 'Close' }).first())).toBe(true);
    expect(await isFocused(dialog.getByRole('button', { name: /Delete participant/ }))).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(open)).toBe(true);
    expectNoProblems(t);
    await t.close();
  });

  it('keeps the focus on the row after Schedule, and gives it back after Escape in the applicants dialog with a toast showing', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin, { maxParticipants: 3 });
    const first = await applicant(study.id, 'Kiprono', `Rotich${suffix()}`);
    const second = await applicant(study.id, 'Auma', `Ochieng${suffix()}`);
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=applications' });
    const { page } = t;
    await page.getByRole('searchbox', { name: 'Search participants' }).fill(first.email);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: `Schedule ${first.name}` }).click();
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    const complete = page.getByRole('button', { name: `Complete ${first.name}` });
    await complete.waitFor();
    await expect.poll(() => isFocused(complete)).toBe(true);
    expect(await activeTag(page)).not.toBe('body');

    // The applicants dialog: scheduling takes the applicant off its list (the row goes);
    // the focus stays in the dialog, and Escape closes the dialog, not the toast.
    await page.goto(`/admin/test/${study.id}`);
    const opener = page.getByRole('button', { name: /^Applicants/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: /Applicants/ });
    await settled(dialog);
    await dialog.getByRole('button', { name: `Schedule ${second.name}` }).click();
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    await expect.poll(async () => squash(await dialog.textContent())).not.toContain(second.email);
    await expect.poll(() => activeTag(page)).not.toBe('body');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(opener)).toBe(true);
    expectNoProblems(t);
    await t.close();
  });

  it('gives the focus back to Mark paid after Escape, and clears the typed passwords after a refused change', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin);
    const person = await completedApplicant(admin, study.id, 'Zawadi');
    await admin('PUT', `/api/payments/${person.paymentId}/status`, { status: 'processing' });
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=payments' });
    const { page } = t;
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(person.email);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const markPaid = page.getByRole('button', {
      name: new RegExp(`^Mark paid: .* to ${person.name}`),
    });
    await markPaid.click();
    const dialog = page.getByRole('dialog', { name: 'Mark payment as paid' });
    await settled(dialog);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => isFocused(markPaid)).toBe(true);

    await page.getByRole('tab', { name: 'Admin Management' }).click();
    const current = page.getByLabel('Current password');
    await current.fill('Not-The-Password-9');
    await page.getByLabel('New password', { exact: true }).fill('Fresh-Baobab-Lantern-4');
    await page.getByLabel('Confirm new password').fill('Fresh-Baobab-Lantern-4');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => toastShown(page, 'Failed to update password')).toBe(true);
    await expect.poll(() => current.inputValue()).toBe('');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Confirm new password').inputValue()).toBe('');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(current)).toBe(true);
    // The e2e admin's password is unchanged.
    await apiAs(E2E_ADMIN.email, E2E_ADMIN.password);
    expectNoProblems(t, [400]);
    await t.close();
  });
});

// The notice reads the site-wide setting: opening studies here would flip it under the files
// running beside this one, so these tests get a server of their own.
describe('the console says when studies are postponed', () => {
  let own: E2eServer | undefined;
  beforeAll(async () => {
    own = await startE2eServer();
  });
  afterAll(async () => {
    await own?.stop();
  });

  async function ownAdminPage(path: string, width = 1280) {
    const t = await session.newPage({ width, baseUrl: own!.baseUrl });
    const signedIn = await t.context.request.post('/api/auth/signin', { data: E2E_ADMIN });
    expect(signedIn.status()).toBe(200);
    await t.page.goto(path);
    return t;
  }

  it('shows the notice on the overview and tests tabs while postponed, leads to Settings, and hides it once open', async () => {
    const t = await ownAdminPage('/admin/dashboard');
    const { page } = t;
    const notice = page.getByTestId('studies-postponed-notice');
    await notice.waitFor();
    expect(squash(await notice.textContent())).toContain(
      'Studies are postponed: participants cannot apply.',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'console-postponed-overview-1280');
    await page.getByRole('tab', { name: 'Tests' }).click();
    await page.getByRole('heading', { name: 'Tests', level: 2 }).waitFor();
    expect(await notice.isVisible()).toBe(true);

    await notice.getByRole('button', { name: 'Open studies in Settings' }).click();
    const settingsTab = page.getByRole('tab', { name: 'Settings' });
    await expect.poll(() => settingsTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => isFocused(settingsTab)).toBe(true);

    // The confirmation: Escape gives the focus back to Save.
    await page.getByRole('radio', { name: 'Studies open' }).click();
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    const confirm = page.getByRole('alertdialog', {
      name: 'Open studies and e-mail participants?',
    });
    await settled(confirm);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => isFocused(save)).toBe(true);

    await save.click();
    await page.getByRole('button', { name: 'Open studies and send e-mails' }).click();
    await expect.poll(() => page.getByText('Now: Open').isVisible()).toBe(true);
    await expect.poll(() => activeTag(page)).not.toBe('body');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    expect(await notice.count()).toBe(0);
    await shot(page, 'console-open-overview-1280');
    expectNoProblems(t);
    await t.close();
  });

  it('shows the notice on a test page and at 375 px while postponed', async () => {
    const signIn = await fetch(`${own!.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const put = await fetch(`${own!.baseUrl}/api/settings`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { studiesOpen: false } }),
    });
    expect(put.status).toBe(200);
    const created = await fetch(`${own!.baseUrl}/api/tests`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Postponed prep study ${suffix()}`,
        description: 'Prepared while studies are postponed.',
        payRate: '900',
        duration: 1,
        maxParticipants: 2,
        startDate: '2026-12-01',
        endDate: '2026-12-20',
      }),
    });
    const { test } = (await created.json()) as { test: { id: string; title: string } };

    const t = await ownAdminPage(`/admin/test/${test.id}`, 375);
    const { page } = t;
    await page.getByRole('heading', { name: test.title, level: 1 }).waitFor();
    const notice = page.getByTestId('studies-postponed-notice');
    await notice.waitFor();
    expect(
      await notice.getByRole('link', { name: 'Open studies in Settings' }).getAttribute('href'),
    ).toBe('/admin/dashboard?tab=settings');
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'console-postponed-study-375');
    expectNoProblems(t);
    await t.close();
  });
});
