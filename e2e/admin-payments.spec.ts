import type { Page } from 'playwright-core';
import {
  adminApi,
  applicant,
  choose,
  createActiveStudy,
  earningsOf,
  shot,
  suffix,
  toastShown,
  type Api,
  signedInPage,
} from './support/kit';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';

const session = useBrowser();

const adminOnTab = (tab: string, width = 1280) =>
  signedInPage(session, { width, path: `/admin/dashboard?tab=${tab}` });

/** The payment's table row, or its card on a phone (whichever is shown). */
const rowOf = (page: Page, text: string) =>
  page.locator('tbody tr:visible, li[data-payment-id]:visible', { hasText: text });

/** A participant with a pending payment: applied, scheduled and completed through the API. */
async function pendingPayment(admin: Api, firstName: string) {
  const study = await createActiveStudy(admin, { payRate: '1250.50', duration: 2 });
  const person = await applicant(study.id, firstName, `Njoroge${suffix()}`);
  const list = await admin<{ applications: { id: string }[] }>(
    'GET',
    `/api/applications?testId=${study.id}`,
  );
  const id = list.body.applications[0]!.id;
  for (const status of ['scheduled', 'completed'])
    expect((await admin('PUT', `/api/applications/${id}/status`, { status })).status).toBe(200);
  return { study, person };
}

const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`).textContent();

describe('admin: payments', () => {
  it('processes, pays with an M-Pesa code and refunds a payment; totals and earnings follow', async () => {
    const admin = await adminApi();
    const { study, person } = await pendingPayment(admin, 'Muthoni');
    expect(await earningsOf(person.api)).toMatchObject({
      pendingPayments: '2501.00',
      totalPaid: '0.00',
      totalEarned: '2501.00',
    });

    const t = await adminOnTab('payments');
    const { page } = t;
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payments', level: 2 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'payments-1280');

    // Searching the person narrows the list and the totals to them.
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(person.email);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const row = rowOf(page, person.name);
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain(study.title);
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('Ksh 2,501');
    await expect.poll(() => total(page, 'Owed')).toBe('Ksh\u00a02,501');
    expect(await total(page, 'Paid out')).toBe('Ksh\u00a00');

    // pending -> processing
    await row.getByRole('button', { name: `Process: Ksh\u00a02,501 to ${person.name}` }).click();
    await expect.poll(() => toastShown(page, 'Payment updated')).toBe(true);
    await expect.poll(() => row.locator('[data-status="processing"]').count()).toBe(1);
    expect(await earningsOf(person.api)).toMatchObject({ pendingPayments: '2501.00' });

    // processing -> completed, with the method and a valid M-Pesa code.
    await row.getByRole('button', { name: `Mark paid: Ksh\u00a02,501 to ${person.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payment as paid' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'M-Pesa code' }).fill('ABC');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect
      .poll(() =>
        dialog.getByText('An M-Pesa code is 10 letters and digits, e.g. QGH7XK2L9P').isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'payments-complete-dialog-1280');
    await dialog.getByRole('textbox', { name: 'M-Pesa code' }).fill('qgh7xk2l9p');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.locator('[data-status="completed"]').count()).toBe(1);
    const paidText = (await row.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(paidText).toContain('QGH7XK2L9P');
    expect(paidText).toContain('M-Pesa');
    await expect.poll(() => total(page, 'Paid out')).toBe('Ksh\u00a02,501');
    expect(await total(page, 'Owed')).toBe('Ksh\u00a00');
    expect(await earningsOf(person.api)).toMatchObject({
      pendingPayments: '0.00',
      totalPaid: '2501.00',
      totalEarned: '2501.00',
    });

    // completed -> refunded, after a confirmation.
    await row.getByRole('button', { name: `Refund: Ksh\u00a02,501 to ${person.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund this payment?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'payments-refund-1280');
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => row.locator('[data-status="refunded"]').count()).toBe(1);
    await expect.poll(() => total(page, 'Refunded')).toBe('Ksh\u00a02,501');
    expect(await total(page, 'Paid out')).toBe('Ksh\u00a00');
    expect(await row.getByText('No further steps').isVisible()).toBe(true);
    expect(await earningsOf(person.api)).toMatchObject({
      pendingPayments: '0.00',
      totalPaid: '0.00',
      totalEarned: '0.00',
    });

    // The status filter works on the server, and says when nothing matches.
    await choose(page, 'Status', 'Refunded');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await choose(page, 'Status', 'Pending');
    await expect
      .poll(() => page.getByText('No payments match these filters.').isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);

    expectNoProblems(t);
    await t.close();
  });

  it('fails and retries a payment, and explains a refused move, at phone width', async () => {
    const admin = await adminApi();
    const { person } = await pendingPayment(admin, 'Chebet');
    const t = await adminOnTab('payments', 375);
    const { page } = t;
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(person.name);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await expectNoAxeViolations(page);
    await shot(page, 'payments-375');
    const row = rowOf(page, person.name);

    await row
      .getByRole('button', { name: `Mark failed: Ksh\u00a02,501 to ${person.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mark payment as failed?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog
      .getByRole('textbox', { name: /Reason/ })
      .fill('The number is not registered for M-Pesa');
    await expectNoAxeViolations(page);
    await shot(page, 'payments-fail-dialog-375');
    await dialog.getByRole('button', { name: 'Mark as failed' }).click();
    await expect.poll(() => row.locator('[data-status="failed"]').count()).toBe(1);
    expect(await row.getByText('The number is not registered for M-Pesa').isVisible()).toBe(true);
    expect(await earningsOf(person.api)).toMatchObject({ pendingPayments: '2501.00' });

    // Retried elsewhere meanwhile: this screen's Retry is refused with the server's reason.
    const list = await admin<{ payments: { id: string }[] }>(
      'GET',
      `/api/payments?search=${encodeURIComponent(person.email)}`,
    );
    const id = list.body.payments[0]!.id;
    expect((await admin('PUT', `/api/payments/${id}/status`, { status: 'pending' })).status).toBe(
      200,
    );
    await row.getByRole('button', { name: `Retry: Ksh\u00a02,501 to ${person.name}` }).click();
    await expect.poll(() => toastShown(page, 'Failed to update payment')).toBe(true);
    expect(
      await page.getByText('A payment cannot move from pending to pending').first().isVisible(),
    ).toBe(true);
    await expect.poll(() => row.locator('[data-status="pending"]').count()).toBe(1);

    expectNoProblems(t, [409]);
    await t.close();
  });

  it('shows each payment as a card on a phone: status, method, reference and actions without scrolling sideways', async () => {
    const admin = await adminApi();
    const { study, person } = await pendingPayment(admin, 'Wairimu');
    const t = await adminOnTab('payments', 375);
    const { page } = t;
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(person.email);
    const card = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
    await expect.poll(() => card.count()).toBe(1);
    expect(await page.getByRole('table').count()).toBe(0);
    const text = (await card.textContent())?.replace(/\s+/g, ' ') ?? '';
    for (const shown of [person.name, person.email, study.title, 'Ksh 2,501'])
      expect(text).toContain(shown);
    expect(await card.locator('[data-status="pending"]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    const processButton = card.getByRole('button', {
      name: `Process: Ksh\u00a02,501 to ${person.name}`,
    });
    const failButton = card.getByRole('button', {
      name: `Mark failed: Ksh\u00a02,501 to ${person.name}`,
    });
    for (const button of [processButton, failButton]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expectNoAxeViolations(page);
    await shot(page, 'payments-cards-375');

    await processButton.click();
    await expect.poll(() => card.locator('[data-status="processing"]').count()).toBe(1);
    await card.getByRole('button', { name: `Mark paid: Ksh\u00a02,501 to ${person.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark payment as paid' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'M-Pesa code' }).fill('rkt4mn8b2c');
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.locator('[data-status="completed"]').count()).toBe(1);
    const paid = (await card.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(paid).toContain('M-Pesa');
    expect(paid).toContain('RKT4MN8B2C');
    const refund = card.getByRole('button', { name: `Refund: Ksh\u00a02,501 to ${person.name}` });
    const box = (await refund.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'payments-cards-paid-375');

    expectNoProblems(t);
    await t.close();
  });
});
