import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMpesaSim, type MpesaSim } from '../src/server/modules/payouts/mpesa-sim';
import { E2E_ADMIN } from './support/accounts';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';
import {
  adminApi,
  type Api,
  applicant,
  createActiveStudy,
  isFocused,
  keyTo,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
  toastShown,
} from './support/kit';
import { useOwnServer } from './support/own-server';
import { enrol } from './support/two-factor';

// Releasing payouts over M-Pesa (decisions.md section 11), on a server of this file's own
// that pays through the Daraja simulator started here: the last digit of the number decides
// (1 paid, 6 "insufficient balance", 2 paid). The simulator answers after 300 ms.
const session = useBrowser();
let sim: MpesaSim;
let admin: Api;

beforeAll(async () => {
  sim = await startMpesaSim({ delayMs: 300 });
});
afterAll(async () => {
  await sim?.close();
});
const server = useOwnServer(() => ({
  studiesOpen: true,
  env: {
    PAYOUT_PROVIDER: 'mpesa',
    MPESA_BASE_URL: sim.url,
    MPESA_CONSUMER_KEY: 'e2e-consumer-key',
    MPESA_CONSUMER_SECRET: 'e2e-consumer-secret',
    MPESA_SHORTCODE: '600999',
    MPESA_INITIATOR_NAME: 'e2e-initiator',
    MPESA_SECURITY_CREDENTIAL: 'e2e-security-credential',
    MPESA_RESULT_TIMEOUT_S: '3',
  },
}));
beforeAll(async () => {
  admin = await adminApi(server.baseUrl);
});

const INSUFFICIENT = 'The balance is insufficient for the transaction.';

/** A Kenyan mobile number ending in `digit`, the simulator's outcome. */
const numberEndingIn = (digit: number) => `+2547${crypto.randomInt(1_000_000, 10_000_000)}${digit}`;

type PaymentRow = {
  id: string;
  participantName: string;
  status: string;
  transactionId: string | null;
  attempts: number;
  paidTo: string | null;
};

/** A participant (phone ending in `digit`) who applied, was scheduled and completed: one pending payment. */
async function owed(testId: string, firstName: string, digit: number) {
  const person = await applicant(testId, firstName, `Kariuki${suffix()}`, {
    baseUrl: server.baseUrl,
    phone: numberEndingIn(digit),
  });
  for (const status of ['scheduled', 'completed']) {
    const moved = await admin('PUT', `/api/applications/${person.applicationId}/status`, {
      status,
    });
    expect(moved.status).toBe(200);
  }
  return person;
}

async function paymentOf(name: string): Promise<PaymentRow> {
  const res = await admin<{ payments: PaymentRow[] }>('GET', '/api/payments?limit=100');
  expect(res.status).toBe(200);
  return res.body.payments.find((p) => p.participantName === name)!;
}

/** A page of this file's server at `path`, signed in as the e2e admin (with `code` once enrolled). */
const adminPage = (path: string, width: number, code?: string) =>
  signedInPage(session, { baseUrl: server.baseUrl, width, code, path });

/** The Payments tab of this file's server, signed in as the e2e admin (with `code` once enrolled). */
async function paymentsTab(width: number, code?: string): Promise<TestPage> {
  const t = await adminPage('/admin/dashboard?tab=payments', width, code);
  await t.page.getByRole('heading', { name: 'Payments', level: 2 }).waitFor();
  return t;
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus: the keyboard's way there. */
const tabTo = (page: Page, target: Locator, { back = false, max = 60 } = {}) =>
  keyTo(page, target, { key: back ? 'Shift+Tab' : 'Tab', max });

/** The payment's table row, or its card on a phone (whichever is shown). */
const rowOf = (page: Page, name: string) =>
  page.locator('tbody tr:visible, li[data-payment-id]:visible', { hasText: name });

const selectBox = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: new RegExp(`^Select Ksh.* to ${name} \\(`) });

const progressStatus = (page: Page) =>
  page.getByRole('region', { name: 'Payout progress' }).getByRole('status');

/**
 * Tabs to "Release N payments (total)" (above the list: `back` from a row), opens the
 * confirmation with Enter and checks it; answers it and its Release button, one Tab away.
 */
async function releaseByKeyboard(
  page: Page,
  expected: { count: number; total: string },
  { back = true } = {},
) {
  const word = expected.count === 1 ? 'payment' : 'payments';
  const release = page.getByRole('button', {
    name: `Release ${expected.count} ${word} (${expected.total})`,
  });
  await tabTo(page, release, { back });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Release payments?' });
  await settled(dialog);
  await expect
    .poll(async () => squash(await dialog.textContent()))
    .toContain(`${expected.count} ${word}, ${expected.total.replace(/\u00a0/g, ' ')} in total.`);
  expect(squash(await dialog.textContent())).toContain(
    'Sent over M-Pesa to each participant’s payout number.',
  );
  // A money action: the focus starts on Cancel, Release is one Tab away.
  expect(await isFocused(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
  const confirm = dialog.getByRole('button', { name: `Release ${expected.count} ${word}` });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  return { dialog, confirm };
}

/** The e2e admin's codes, once the first test set up two-step sign-in. */
let codes: Awaited<ReturnType<typeof enrol>> | undefined;

describe('admin: releasing payouts over M-Pesa', () => {
  it('staff select pending payments by keyboard, release, follow the progress to 1 paid and 1 failed, and retry the failed one', async () => {
    const study = await createActiveStudy(admin, {
      title: `Mama mboga till study ${suffix()}`,
      payRate: '750.00',
      duration: 2,
      maxParticipants: 3,
    });
    const paid = await owed(study.id, 'Wanjiru', 1);
    const short = await owed(study.id, 'Ochieng', 6);

    // At 375 px: cards with their tick boxes, and the confirmation, axe clean. The admin has
    // not set up two-step sign-in yet: releasing says to, and sends nothing.
    {
      const t = await paymentsTab(375);
      const { page } = t;
      await expect.poll(() => page.locator('li[data-payment-id]:visible').count()).toBe(2);
      expect(await page.getByRole('table').isVisible()).toBe(false);
      const all = page.getByRole('checkbox', { name: 'Select all pending on this page (2)' });
      await tabTo(page, all);
      await page.keyboard.press('Space');
      await expect
        .poll(() => selectBox(page, short.name).getAttribute('aria-checked'))
        .toBe('true');
      const { dialog } = await releaseByKeyboard(
        page,
        { count: 2, total: 'Ksh\u00a03,000' },
        { back: false },
      );
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      await shot(page, 'payouts-confirm-375');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const enrolFirst = page.getByRole('dialog', { name: 'Set up two-step sign-in first' });
      await settled(enrolFirst);
      await expectNoAxeViolations(page);
      await shot(page, 'payouts-enrol-first-375');
      await page.keyboard.press('Escape');
      await expect.poll(() => enrolFirst.count()).toBe(0);
      // Back on Release in the confirmation, with nothing to report: nothing was sent.
      const releaseTwo = dialog.getByRole('button', { name: 'Release 2 payments' });
      await expect.poll(() => isFocused(releaseTwo)).toBe(true);
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, 'payouts-selected-375');
      expect(sim.requests).toHaveLength(0);
      expectNoProblems(t, [403]);
      await t.close();
    }

    // Two-step sign-in set up; the browser signs in with a code.
    codes = await enrol(admin, E2E_ADMIN.password);

    const t = await paymentsTab(1280, codes.next());
    const { page } = t;
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await expect
      .poll(() => page.getByRole('region', { name: 'Recent payouts' }).textContent())
      .toContain('No payouts yet');
    // With M-Pesa a pending payment is released, never "processed" by hand.
    const paidRow = rowOf(page, paid.name);
    await paidRow.getByRole('button', { name: /^Mark failed/ }).waitFor();
    expect(await paidRow.getByRole('button', { name: /^Process/ }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-list-1280');

    // Tick each by keyboard (newest first): the button counts them and adds their total.
    await tabTo(page, selectBox(page, short.name));
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('button', { name: 'Release 1 payment (Ksh\u00a01,500)' }).count())
      .toBe(1);
    await tabTo(page, selectBox(page, paid.name));
    await page.keyboard.press('Space');
    const { confirm } = await releaseByKeyboard(page, { count: 2, total: 'Ksh\u00a03,000' });
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-confirm-1280');
    // The code entered at sign-in counts for 5 minutes; a release after them is answered 403
    // stepUp. This test cannot wait 5 minutes (the server's clock is real), so the first
    // release is answered as the server then answers it; the code typed goes to the server.
    let stale = true;
    await page.route('**/api/payouts', async (route) => {
      if (!stale || route.request().method() !== 'POST') return route.fallback();
      stale = false;
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          stepUp: true,
          message: 'Enter the code from your authenticator app to confirm this action.',
        }),
      });
    });
    await page.keyboard.press('Tab');
    expect(await isFocused(confirm)).toBe(true);
    await page.keyboard.press('Enter');
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await settled(stepUp);
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-step-up-1280');
    await tabTo(page, stepUp.getByRole('textbox', { name: 'Authentication code' }));
    await page.keyboard.type(codes.next());
    await page.keyboard.press('Enter');
    await expect.poll(() => stepUp.count()).toBe(0);

    // Released once the code is in: the focus goes to the payout's progress, which M-Pesa's
    // answers fill in.
    const heading = page.getByRole('heading', { name: 'Payout progress' });
    await expect.poll(() => isFocused(heading)).toBe(true);
    await expect.poll(() => toastShown(page, 'Payments released')).toBe(true);
    await expect
      .poll(() => progressStatus(page).textContent(), { timeout: 30_000 })
      .toBe('Finished: 1 of 2 paid, 1 failed.');
    const bar = page.getByRole('progressbar', { name: '2 of 2 settled' }).first();
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const panel = page.getByRole('region', { name: 'Payout progress' });
    expect(squash(await panel.locator('[data-figure="completed"] dd').textContent())).toBe(
      '1 · Ksh 1,500 of Ksh 3,000',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-progress-1280');

    // The list followed: the receipt on the paid one, M-Pesa's reason and Retry on the other.
    const receipt = (await paymentOf(paid.name)).transactionId;
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    await expect.poll(() => paidRow.locator('[data-status="completed"]').count()).toBe(1);
    const paidText = squash(await paidRow.textContent());
    expect(paidText).toContain(receipt!);
    expect(paidText).toContain('Paid over M-Pesa');
    expect(paidText).toContain(`To ${paid.phone}`);
    const shortRow = rowOf(page, short.name);
    await expect.poll(() => shortRow.locator('[data-status="failed"]').count()).toBe(1);
    expect(squash(await shortRow.textContent())).toContain(`Failed: ${INSUFFICIENT}`);
    expect(
      squash(await page.getByRole('region', { name: 'Recent payouts' }).textContent()),
    ).toContain('2 payments, Ksh 3,000 · over M-Pesa');

    // Retry (failed -> pending) and release again, the number unchanged: it fails again.
    const retry = shortRow.getByRole('button', { name: `Retry: Ksh\u00a01,500 to ${short.name}` });
    await tabTo(page, retry);
    await page.keyboard.press('Enter');
    await expect.poll(() => shortRow.locator('[data-status="pending"]').count()).toBe(1);
    await tabTo(page, selectBox(page, short.name), { back: true });
    await page.keyboard.press('Space');
    await releaseByKeyboard(page, { count: 1, total: 'Ksh\u00a01,500' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => progressStatus(page).textContent(), { timeout: 30_000 })
      .toBe('Finished: 0 of 1 paid, 1 failed.');
    // The list follows as the answer comes: failed again, on the second attempt.
    await expect
      .poll(async () => squash(await shortRow.textContent()))
      .toContain(`Failed: ${INSUFFICIENT}`);
    expect(squash(await shortRow.textContent())).toContain('Attempt 2');

    // The participant moves payouts to a number M-Pesa can pay; the next retry is paid.
    const newNumber = numberEndingIn(2);
    const changed = await short.api('PUT', '/api/me/payout-number', {
      payoutPhone: newNumber,
      currentPassword: short.password,
    });
    expect(changed.status).toBe(200);
    const retryAgain = shortRow.getByRole('button', {
      name: `Retry: Ksh\u00a01,500 to ${short.name}`,
    });
    await tabTo(page, retryAgain);
    await page.keyboard.press('Enter');
    await expect.poll(() => shortRow.locator('[data-status="pending"]').count()).toBe(1);
    await tabTo(page, selectBox(page, short.name), { back: true });
    await page.keyboard.press('Space');
    await releaseByKeyboard(page, { count: 1, total: 'Ksh\u00a01,500' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => progressStatus(page).textContent(), { timeout: 30_000 })
      .toBe('Finished: 1 of 1 paid, 0 failed.');
    await expect.poll(() => shortRow.locator('[data-status="completed"]').count()).toBe(1);
    const retried = await paymentOf(short.name);
    expect(retried).toMatchObject({ status: 'completed', attempts: 3, paidTo: newNumber });
    expect(squash(await shortRow.textContent())).toContain(`To ${newNumber}`);
    // Three B2C requests for her payment (two to the old number), one for his: none twice.
    const sent = sim.requests.map((r) => `+${r.partyB}`);
    expect(sent.filter((n) => n === short.phone)).toHaveLength(2);
    expect(sent.filter((n) => n === newNumber)).toHaveLength(1);
    expect(sent.filter((n) => n === paid.phone)).toHaveLength(1);
    // The first payout still counts the payment that was retried out of it.
    expect(
      squash(await page.getByRole('list', { name: 'Recent payouts' }).textContent()),
    ).toContain(
      'Finished: 1 of 2 paid, 0 failed, 1 moved on since (retried, refunded or settled by hand).',
    );
    // The tick boxes and payout states fit: at 1280 px the list does not scroll sideways.
    expect(await page.locator('[data-slot="table-frame"][data-scrolls]').count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-settled-1280');
    expectNoProblems(t, [403]);
    await t.close();

    // At 375 px the settled cards say the same, without scrolling sideways.
    const phone = await paymentsTab(375, codes.next());
    const card = rowOf(phone.page, paid.name);
    await expect.poll(async () => squash(await card.textContent())).toContain(receipt!);
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(phone.page);
    await shot(phone.page, 'payouts-settled-375');
    expectNoProblems(phone);
    await phone.close();

    // The participant who was paid sees M-Pesa's receipt on her statement.
    const mine = await signedInPage(session, {
      account: paid,
      baseUrl: server.baseUrl,
      width: 375,
      path: '/participant/dashboard?tab=profile',
    });
    const statementRow = mine.page.locator(
      `[data-testid="my-payments"] li[data-payment-id="${(await paymentOf(paid.name)).id}"]`,
    );
    await expect
      .poll(async () => squash(await statementRow.textContent()))
      .toContain(`M-Pesa receipt ${receipt}`);
    expect(squash(await statementRow.innerText())).toContain('Completed');
    await expectNoAxeViolations(mine.page);
    await shot(mine.page, 'payouts-statement-375');
    expectNoProblems(mine);
    await mine.close();
  }, 180_000);

  it('a payment moved elsewhere while the confirmation is open: the release is refused whole, says why, and nothing is sent', async () => {
    expect(codes, 'the first test sets up two-step sign-in').toBeDefined();
    const study = await createActiveStudy(admin, {
      title: `Matatu fare study ${suffix()}`,
      payRate: '900.00',
      duration: 1,
      maxParticipants: 2,
    });
    const early = await owed(study.id, 'Chebet', 4);
    const late = await owed(study.id, 'Mutua', 5);
    const sentBefore = sim.requests.length;
    const t = await paymentsTab(1280, codes!.next());
    const { page } = t;
    await tabTo(page, selectBox(page, late.name));
    await page.keyboard.press('Space');
    await tabTo(page, selectBox(page, early.name));
    await page.keyboard.press('Space');
    const { dialog } = await releaseByKeyboard(page, { count: 2, total: 'Ksh\u00a01,800' });

    // Meanwhile another admin marks one failed.
    const moved = await paymentOf(early.name);
    expect(
      (await admin('PUT', `/api/payments/${moved.id}/status`, { status: 'failed' })).status,
    ).toBe(200);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(
        '1 of the 2 payments is not pending (failed): nothing was released. Refresh the list and choose again.',
      );
    // Asked again, the confirmation names the payment in the way and offers nothing to confirm.
    await expect
      .poll(async () => squash(await dialog.textContent()))
      .toContain(`${early.name}: Not pending (failed)`);
    expect(squash(await dialog.textContent())).toContain('1 payment, Ksh 900 in total.');
    expect(await dialog.getByRole('button', { name: 'Release 1 payment' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-refused-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await paymentOf(late.name)).status).toBe('pending');
    expect(sim.requests).toHaveLength(sentBefore);
    // The list followed: the moved one is failed, the other still ticked and pending.
    await expect
      .poll(() => rowOf(page, early.name).locator('[data-status="failed"]').count())
      .toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: 'Release 1 payment (Ksh\u00a0900)' }).count())
      .toBe(1);
    expectNoProblems(t, [409]);
    await t.close();
  }, 120_000);

  it("releases every pending payment of a study from the study page's Completed tab", async () => {
    expect(codes, 'the first test sets up two-step sign-in').toBeDefined();
    const study = await createActiveStudy(admin, {
      title: `Chama ledger study ${suffix()}`,
      payRate: '600.00',
      duration: 1,
      maxParticipants: 3,
    });
    const first = await owed(study.id, 'Akinyi', 3);
    const second = await owed(study.id, 'Baraka', 4);
    const t = await adminPage(`/admin/test/${study.id}`, 1280, codes!.next());
    const { page } = t;
    await page.getByRole('heading', { name: study.title, level: 1 }).waitFor();
    // The tabs are one Tab stop; the arrow keys move along them and open each.
    await tabTo(page, page.getByRole('tab', { name: 'Overview' }));
    const completedTab = page.getByRole('tab', { name: /^Completed/ });
    await keyTo(page, completedTab, { key: 'ArrowRight', max: 4 });
    // The tab opens as it takes the focus, a render later.
    await expect.poll(() => completedTab.getAttribute('aria-selected')).toBe('true');
    await tabTo(page, page.getByRole('button', { name: 'Release all pending payments' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Release payments?' });
    await settled(dialog);
    await expect
      .poll(async () => squash(await dialog.textContent()))
      .toContain('2 payments, Ksh 1,200 in total.');
    expect(squash(await dialog.textContent())).toContain(
      `You are releasing every pending payment of “${study.title}”.`,
    );
    const confirm = dialog.getByRole('button', { name: 'Release 2 payments' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-study-confirm-1280');
    await page.keyboard.press('Tab');
    expect(await isFocused(confirm)).toBe(true);
    await page.keyboard.press('Enter');
    const progress = page.getByRole('region', { name: 'Payout progress' });
    await expect.poll(() => isFocused(progress.getByRole('heading'))).toBe(true);
    await expect
      .poll(async () => squash(await progress.textContent()))
      .toContain(`2 payments, Ksh 1,200 · ${study.title}`);
    await expect
      .poll(() => progress.getByRole('status').textContent(), { timeout: 30_000 })
      .toBe('Finished: 2 of 2 paid, 0 failed.');
    for (const person of [first, second])
      expect(await paymentOf(person.name)).toMatchObject({ status: 'completed', attempts: 1 });
    // The study's Paid Out follows.
    await expect
      .poll(async () =>
        squash(
          await page
            .locator('dt', { hasText: 'Paid Out' })
            .locator('xpath=following-sibling::dd[1]')
            .textContent(),
        ),
      )
      .toBe('Ksh 1,200');
    await expectNoAxeViolations(page);
    await shot(page, 'payouts-study-progress-1280');

    // Nothing left to release: the confirmation says so and offers nothing to confirm.
    await tabTo(page, page.getByRole('button', { name: 'Release all pending payments' }), {
      back: true,
    });
    await page.keyboard.press('Enter');
    await settled(dialog);
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('This study has no pending payments to release.');
    expect(await dialog.getByRole('button', { name: 'Release payments' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expectNoProblems(t, [409]);
    await t.close();
  }, 120_000);
});
