// The participant's payouts on the dashboard (decisions.md section 11): the statement of
// every payment (study, amount, status in words, reason, date, M-Pesa receipt; Load more)
// and the payout number with its Change dialog (the current password; a wrong one shows
// under its field), keyboard only, in English and in Kiswahili, at 375 and 1280 px. Staff
// make the payments through the API: completions, extra payments and status moves.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { englishLeftovers, message } from './support/catalogues';
import {
  adminApi,
  type Api,
  createActiveStudy,
  participant,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
  tabToName,
  toastShown,
} from './support/kit';
import { mailTo } from './support/mail-catcher';

const session = useBrowser();
const PROFILE = '/participant/dashboard?tab=profile';

const register = (firstName: string, language: 'en' | 'sw') =>
  participant(firstName, `Kariuki${suffix()}`, { language });
type Registered = Awaited<ReturnType<typeof register>>;

/** The person took part in a new study, which staff completed: its pending payment's id. */
async function completedStudy(admin: Api, who: Registered, title: string) {
  const study = await createActiveStudy(admin, { title, payRate: '750.00', duration: 2 });
  const applied = await who.api<{ application: { id: string } }>('POST', '/api/applications', {
    participantId: who.id,
    testId: study.id,
  });
  expect(applied.status).toBe(201);
  const applicationId = applied.body.application.id;
  for (const status of ['scheduled', 'completed']) {
    const moved = await admin('PUT', `/api/applications/${applicationId}/status`, { status });
    expect(moved.status).toBe(200);
  }
  const listed = await admin<{ payments: { id: string; applicationId: string }[] }>(
    'GET',
    `/api/payments?testId=${study.id}`,
  );
  const payment = listed.body.payments.find((p) => p.applicationId === applicationId)!;
  return { applicationId, paymentId: payment.id, title };
}

async function extra(admin: Api, applicationId: string, amount: string, reason: string) {
  const res = await admin<{ payment: { id: string } }>(
    'POST',
    `/api/applications/${applicationId}/payments`,
    { amount, reason, ...(reason === 'other' ? { note: 'Airtime for the call' } : {}) },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.payment.id;
}

async function move(admin: Api, paymentId: string, ...steps: object[]) {
  for (const step of steps) {
    const res = await admin('PUT', `/api/payments/${paymentId}/status`, step);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
const paid = (receipt: string) => ({
  status: 'completed',
  transactionId: receipt,
  paymentMethod: 'M-Pesa',
});

const tabTo = (page: Page, name: RegExp) => tabToName(page, name, 250);

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const label = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (label ?? el?.getAttribute('aria-label') ?? el?.innerText ?? '').trim();
  });

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

const rowOf = (page: Page, paymentId: string) =>
  page.locator(`[data-testid="my-payments"] li[data-payment-id="${paymentId}"]`);

const randomMobile = () => {
  const rest = String(crypto.randomInt(0, 100_000_000)).padStart(8, '0');
  return {
    typed: `07${rest.slice(0, 2)} ${rest.slice(2, 5)} ${rest.slice(5)}`,
    e164: `+2547${rest}`,
  };
};

describe('a participant reads their payments and changes their payout number (decisions.md section 11)', () => {
  it('English: every payment with its receipt, Load more, and the number changed with the password, keyboard only, at 1280 and 375 px', async () => {
    const admin = await adminApi();
    const me = await register('Wairimu', 'en');
    const tag = suffix();
    const paidStudy = await completedStudy(admin, me, `Sacco app study ${tag}`);
    const failedStudy = await completedStudy(admin, me, `Boda booking study ${tag}`);
    const pendingStudy = await completedStudy(admin, me, `Mama mboga shop study ${tag}`);
    const refundedStudy = await completedStudy(admin, me, `Water bill study ${tag}`);
    const processingStudy = await completedStudy(admin, me, `Chama savings study ${tag}`);
    const transport = await extra(admin, paidStudy.applicationId, '350.00', 'transport');
    const bonuses = [];
    for (const s of [failedStudy, pendingStudy, processingStudy, paidStudy])
      bonuses.push(await extra(admin, s.applicationId, '200.00', 'bonus'));
    const other = await extra(admin, refundedStudy.applicationId, '99.00', 'other');
    await move(admin, paidStudy.paymentId, { status: 'processing' }, paid('QKA1B2C3D4'));
    await move(admin, failedStudy.paymentId, { status: 'processing' }, { status: 'failed' });
    await move(admin, refundedStudy.paymentId, { status: 'processing' }, paid('QRF5G6H7J8'), {
      status: 'refunded',
    });
    await move(admin, processingStudy.paymentId, { status: 'processing' });
    // 5 completions + 6 extras: one more than the statement's first page.
    const all = 11;

    const t = await signedInPage(session, { account: me, width: 1280, path: PROFILE });
    const { page } = t;
    const list = page.getByTestId('my-payments');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(10);
    const heading = page.getByRole('heading', { name: 'Payments', level: 4 });
    expect(await heading.isVisible()).toBe(true);

    // Load more, with the keyboard: the focus lands on the first payment it brought.
    await page.locator('body').focus();
    await tabTo(page, /^Load more$/);
    expect(squash(await page.getByText(/Showing 10 of 11 payments/).textContent())).toBe(
      'Showing 10 of 11 payments',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(all);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-payment-id')))
      .toBe(await list.getByRole('listitem').nth(10).getAttribute('data-payment-id'));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    const text = async (id: string) => squash(await rowOf(page, id).innerText());
    const paidRow = await text(paidStudy.paymentId);
    expect(paidRow).toContain(paidStudy.title);
    expect(paidRow).toContain('Ksh 1,500');
    expect(paidRow).toContain('Completed');
    expect(paidRow).toMatch(/Paid on \d{1,2} \w{3} \d{4}/);
    expect(paidRow).toContain('M-Pesa receipt QKA1B2C3D4');
    expect(paidRow).not.toContain('Type');
    const failedRow = await text(failedStudy.paymentId);
    expect(failedRow).toContain('Failed');
    expect(failedRow).toContain('This payment did not go through. Our team will try again.');
    expect(failedRow).not.toContain('M-Pesa receipt');
    expect(await text(pendingStudy.paymentId)).toMatch(/Pending.*Added on/);
    expect(await text(processingStudy.paymentId)).toContain('Processing');
    const refundedRow = await text(refundedStudy.paymentId);
    expect(refundedRow).toContain('Refunded');
    expect(refundedRow).toContain('M-Pesa receipt QRF5G6H7J8');
    expect(await text(transport)).toMatch(/Type Transport refund/);
    expect(await text(transport)).toContain('Ksh 350');
    expect(await text(other)).toMatch(/Type Other/);
    // The amount is read with its label.
    expect(
      await rowOf(page, paidStudy.paymentId).locator('.sr-only', { hasText: 'Amount' }).count(),
    ).toBe(1);

    // The card's totals are the statement's sums: earned 5 x 1500 + 350 + 4 x 200 + 99 less
    // the refunded 1500; paid 1500; owed the pending, processing and failed ones.
    const earnings = squash(await page.getByTestId('earnings').innerText());
    expect(earnings).toContain('Total earned Ksh 7,249');
    expect(earnings).toContain('Paid out Ksh 1,500');
    expect(earnings).toContain('Pending Ksh 5,749');

    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'statement-1280');

    // The payout number: the phone, until changed.
    const payout = page.getByTestId('payout-number');
    expect(squash(await payout.innerText())).toBe(
      `M-Pesa number ${me.phone} This is your phone number.`,
    );
    await page.locator('body').focus();
    await tabTo(page, /^Change payout number$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change payout number' });
    await settled(dialog);
    expect(squash(await dialog.textContent())).toContain(
      `we will send a text message to your current payout number, ${me.phone}, and an e-mail to you`,
    );
    expect(await focusedName(page)).toMatch(/^New M-Pesa number/);
    await expectNoAxeViolations(page);
    await shot(page, 'payout-dialog-1280');

    // Not a Kenyan mobile number, and no password: both said under their fields.
    await page.keyboard.type('+44 7911 123456');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByText('Enter a Kenyan mobile number, e.g. 0712 345 678').isVisible())
      .toBe(true);
    expect(
      await dialog
        .getByText('Please enter your current password to change your payout number.')
        .isVisible(),
    ).toBe(true);

    const next = randomMobile();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(next.typed);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toMatch(/^Current password/);
    await page.keyboard.type('Not-My-Password-1');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByText('Current password is incorrect.').isVisible())
      .toBe(true);
    // The refused password is gone and the focus is back in its field.
    expect(await dialog.getByLabel(/^Current password/).inputValue()).toBe('');
    expect(await focusedName(page)).toMatch(/^Current password/);
    expect(squash(await payout.innerText())).toContain(me.phone);

    await page.keyboard.type(me.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Payout number changed')).toBe(true);
    await expect
      .poll(async () => squash(await payout.innerText()))
      .toBe(`M-Pesa number ${next.e164} This is not the phone number on your account.`);
    expect(await focusedName(page)).toBe('Change payout number');
    // The participant is told by mail, with the new number's last digits only.
    await expect
      .poll(
        () => mailTo(inject('mailDir'), me.email).filter((m) => /payout number/i.test(m)).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const mail = mailTo(inject('mailDir'), me.email).find((m) => /payout number/i.test(m))!;
    expect(mail).toContain('Subject: Your InsightLab payout number was changed');
    const body = mail.replace(/=\r?\n/g, '');
    expect(body).toContain(`the number ending in ${next.e164.slice(-3)}`);
    expect(body).not.toContain(next.e164.slice(4));
    await expectNoAxeViolations(page);

    // A phone: the same statement as cards, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await heading.scrollIntoViewIfNeeded();
    expect(await overflows(page)).toBe(false);
    const box = await rowOf(page, paidStudy.paymentId).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, 'statement-375');
    expectNoProblems(t, [400]);
    await t.close();
  });

  it('Kiswahili: the statement, the payout number and its dialog without English leftovers, keyboard only, at 375 and 1280 px', async () => {
    const admin = await adminApi();
    const me = await register('Neema', 'sw');
    const tag = suffix();
    const paidStudy = await completedStudy(admin, me, `Utafiti wa M-Pesa ${tag}`);
    const failedStudy = await completedStudy(admin, me, `Utafiti wa matatu ${tag}`);
    const transport = await extra(admin, paidStudy.applicationId, '300.00', 'transport');
    const bonus = await extra(admin, failedStudy.applicationId, '150.00', 'bonus');
    await move(admin, paidStudy.paymentId, { status: 'processing' }, paid('QSW2X3Y4Z5'));
    await move(admin, failedStudy.paymentId, { status: 'failed' });

    const t = await signedInPage(session, { account: me, width: 375, path: PROFILE });
    const { page } = t;
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('sw');
    const list = page.getByTestId('my-payments');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);
    const say = (key: string) => message('sw', 'dashboard', key);
    expect(
      await page.getByRole('heading', { name: say('statement.title'), level: 4 }).count(),
    ).toBe(1);
    const text = async (id: string) => squash(await rowOf(page, id).innerText());
    const paidRow = await text(paidStudy.paymentId);
    expect(paidRow).toContain(message('sw', 'ui', 'status.payment.completed'));
    expect(paidRow).toContain(`${say('statement.receipt')} QSW2X3Y4Z5`);
    expect(paidRow).toMatch(/Yalilipwa \d{1,2} \w+ \d{4}/);
    const failedRow = await text(failedStudy.paymentId);
    expect(failedRow).toContain(message('sw', 'ui', 'status.payment.failed'));
    expect(failedRow).toContain(say('statement.failedRetry'));
    expect(await text(transport)).toContain(say('statement.reason.transport'));
    expect(await text(bonus)).toContain(say('statement.reason.bonus'));
    expect(await text(bonus)).toContain(message('sw', 'ui', 'status.payment.pending'));
    const payout = page.getByTestId('payout-number');
    expect(squash(await payout.innerText())).toContain(say('payout.isPhone'));

    const main = () => page.locator('main').innerText();
    expect(await englishLeftovers(page, ['dashboard', 'ui', 'common'])).toEqual([]);
    expect(await main()).not.toMatch(
      /\b(Payments|Pending|Completed|Failed|Receipt|Transport refund|Bonus|Payout number|Paid on|Added on)\b/,
    );
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'statement-sw-375');

    // The dialog, keyboard only: an empty form, a wrong password, then the right one.
    await page.locator('body').focus();
    await tabTo(page, new RegExp(`^${say('payout.change')}$`));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: say('payout.dialog.title') });
    await settled(dialog);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        dialog.getByText(message('sw', 'validation', 'kenyanMobile'), { exact: true }).isVisible(),
      )
      .toBe(true);
    expect(
      await dialog
        .getByText(message('sw', 'validation', 'currentPasswordForPayout'), { exact: true })
        .isVisible(),
    ).toBe(true);
    expect(await englishLeftovers(page, ['dashboard', 'ui', 'validation'])).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'payout-dialog-sw-375');

    const next = randomMobile();
    expect(await focusedName(page)).toMatch(new RegExp(`^${say('payout.dialog.newNumber')}`));
    await page.keyboard.type(next.typed);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Si-Nenosiri-Langu-2');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByText(message('sw', 'errors', 'password.wrongCurrent')).isVisible())
      .toBe(true);
    expect(await englishLeftovers(page, ['dashboard', 'ui', 'validation', 'errors'])).toEqual([]);
    await page.keyboard.type(me.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toastShown(page, say('payout.changed.title'))).toBe(true);
    await expect.poll(async () => squash(await payout.innerText())).toContain(next.e164);
    expect(squash(await payout.innerText())).toContain(say('payout.notPhone'));
    expect(await englishLeftovers(page, ['dashboard', 'ui'])).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await overflows(page)).toBe(false);
    await expectNoAxeViolations(page);
    await shot(page, 'statement-sw-1280');
    expectNoProblems(t, [400]);
    await t.close();
  });
});
