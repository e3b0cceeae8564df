import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eatDayOf, type PayoutReport } from '../src/shared/schemas/payout-report';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import {
  adminApi,
  type Api,
  applicant,
  createActiveStudy,
  isFocused,
  keyTo,
  isoDay,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
  toastShown,
} from './support/kit';
import { useOwnServer } from './support/own-server';

// Extra payments and the reconciliation report (decisions.md section 11), on a server of this
// file's own: with BOOKING_CUTOFF_HOURS=0 a session may start seconds from now and still be
// booked, so the applicant can be excused (turned away at the door) within the test, and
// today's report holds only this file's payments.
const session = useBrowser();
const server = useOwnServer({ studiesOpen: true, env: { BOOKING_CUTOFF_HOURS: '0' } });
let admin: Api;

beforeAll(async () => {
  admin = await adminApi(server.baseUrl);
});

/** A participant of this file's server who applied to the study and was selected. */
async function selectedApplicant(testId: string) {
  const person = await applicant(testId, 'Wanjiru', `Kamau${suffix()}`, {
    baseUrl: server.baseUrl,
  });
  const selected = await admin('PUT', `/api/applications/${person.applicationId}/status`, {
    status: 'selected',
  });
  expect(selected.status).toBe(200);
  return person;
}

/** A page of this file's server, signed in as the e2e admin, in Nairobi time. */
async function adminPage(path: string, width: number) {
  const t = await signedInPage(session, {
    baseUrl: server.baseUrl,
    width,
    path,
    timezoneId: 'Africa/Nairobi',
    acceptDownloads: true,
  });
  await t.page.getByRole('heading', { level: 1 }).waitFor();
  return t;
}

/** "2026-12-03" typed into Chromium's date field (its en-US order: month, day, year). */
const typedDate = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/** Presses Tab until `target` has the focus, at most `max` times. */
const tabTo = (page: Page, target: Locator, max = 6) => keyTo(page, target, { max });

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** RFC 4180 lines of the downloaded report (no field of this test holds a line break). */
const csvLines = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('admin: extra payments and the payout report', () => {
  it('adds a show-up fee to an excused applicant by keyboard, lists it, counts it in today’s report and its CSV', async () => {
    const today = eatDayOf(new Date());
    const study = await createActiveStudy(admin, {
      title: `Turned-away study ${suffix()}`,
      duration: 1,
      maxParticipants: 5,
      startDate: isoDay(0),
      endDate: isoDay(30),
    });
    const person = await selectedApplicant(study.id);

    // Booked into a session starting in a few seconds, then turned away at the door
    // (excused) once it has started on the server's clock: the server answers 409 until then.
    const soon = await admin<{ session: { id: string } }>(
      'POST',
      `/api/tests/${study.id}/sessions`,
      {
        startsAt: new Date(Date.now() + 8_000).toISOString(),
        mode: 'remote',
        meetingUrl: 'https://meet.example.com/turned-away',
        capacity: 2,
      },
    );
    expect(soon.status).toBe(201);
    const booked = await admin('POST', `/api/applications/${person.applicationId}/booking`, {
      sessionId: soon.body.session.id,
    });
    expect(booked.status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await admin('PUT', `/api/applications/${person.applicationId}/attendance`, {
              attendance: 'excused',
            })
          ).status,
        { timeout: 40_000, interval: 1_000 },
      )
      .toBe(200);

    // --- The study page, 1280 px: "Add payment…" on the applicant, keyboard only.
    const t = await adminPage(`/admin/test/${study.id}`, 1280);
    const { page } = t;
    await page.getByRole('tab', { name: /^All Applications/ }).click();
    const row = page.getByRole('row').filter({ hasText: person.name });
    const more = row.getByRole('button', { name: `More actions for ${person.name}` });
    await more.waitFor();
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    const addItem = menu.getByRole('menuitem', { name: `Add payment for ${person.name}` });
    await expect.poll(() => isFocused(addItem)).toBe(true);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: `Add a payment for ${person.name}` });
    await settled(dialog);
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    await expect.poll(async () => squash(await reason.textContent())).toBe('Show-up fee');
    expect(await dialog.getByTestId('unavailable-reasons').count()).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'add-payment-dialog-1280');

    // An amount over the payout limit is refused under the field, naming the limit.
    const amount = dialog.getByRole('textbox', { name: 'Amount (Ksh)' });
    await tabTo(page, amount);
    await page.keyboard.type('200000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        dialog
          .getByText(/^Amount must be at most Ksh.150,000, the payout limit per transaction$/)
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('500');
    await tabTo(page, dialog.getByRole('textbox', { name: /^Note/ }));
    await page.keyboard.type('Turned away: the session was overfull');
    await tabTo(page, dialog.getByRole('button', { name: 'Add payment' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Payment added')).toBe(true);

    // Opened again, the show-up fee is disabled and says why.
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(addItem)).toBe(true);
    await page.keyboard.press('Enter');
    await settled(dialog);
    await expect
      .poll(async () => squash(await dialog.getByTestId('unavailable-reasons').textContent()))
      .toBe(
        'Show-up fee is not available: this applicant already has a show-up fee: there is one per application.',
      );
    expect(squash(await dialog.textContent())).toContain(
      'Already on this application: show-up fee Ksh 500',
    );
    await expect.poll(async () => squash(await reason.textContent())).toBe('Transport refund');
    await expectNoAxeViolations(page);
    await shot(page, 'add-payment-dialog-again-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // --- The payments list: the reason beside the amount.
    await page.goto('/admin/dashboard?tab=payments');
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(person.email);
    const paymentRow = page.locator('tbody tr', { hasText: person.name });
    await expect.poll(() => paymentRow.count()).toBe(1);
    expect(squash(await paymentRow.textContent())).toContain('Ksh 500');
    expect(squash(await paymentRow.locator('[data-payment-reason="show_up"]').innerText())).toBe(
      'Show-up fee Turned away: the session was overfull',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'payments-show-up-fee-1280');

    // Released and paid by hand (the manual provider), so the report counts it.
    const { payments } = (
      await admin<{ payments: { id: string; reason: string }[] }>(
        'GET',
        `/api/payments?search=${encodeURIComponent(person.email)}`,
      )
    ).body;
    expect(payments.map((p) => p.reason)).toEqual(['show_up']);
    const paymentId = payments[0]!.id;
    for (const step of [
      { status: 'processing' },
      { status: 'completed', paymentMethod: 'M-Pesa', transactionId: 'QGH7XK2L9P' },
    ])
      expect((await admin('PUT', `/api/payments/${paymentId}/status`, step)).status).toBe(200);

    // --- The Report view, today only, by keyboard.
    const listTab = page.getByRole('tab', { name: 'List', exact: true });
    await listTab.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Payout report', level: 2 }).waitFor();
    const range = page.getByRole('form', { name: 'Report range' });
    const from = range.getByLabel('From');
    await from.focus();
    await page.keyboard.type(typedDate(today));
    await tabTo(page, range.getByLabel('To'));
    await page.keyboard.type(typedDate(today));
    await tabTo(page, range.getByRole('button', { name: 'Show report' }));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator(`[data-report-range="${today}..${today}"]`).count())
      .toBe(1);
    const totalOf = async (s: string) =>
      squash(await page.locator(`[data-report-total="${s}"]`).innerText());
    expect(await totalOf('released')).toBe('Released Ksh 500 1 payment');
    expect(await totalOf('completed')).toBe('Completed Ksh 500 1 payment');
    expect(await totalOf('failed')).toBe('Failed Ksh 0 0 payments');
    const completedRow = page
      .locator('[data-report-section="completed"]')
      .locator(`tr[data-report-row="${paymentId}"]`);
    const completedText = squash(await completedRow.textContent());
    expect(completedText).toContain(person.name);
    expect(completedText).toContain('Show-up fee');
    expect(completedText).toContain('QGH7XK2L9P');
    await expectNoAxeViolations(page);
    await shot(page, 'payout-report-1280');

    // --- Download CSV: its totals are the screen's (and the API's).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).focus();
    await page.keyboard.press('Enter');
    const file = await (await download).path();
    const lines = csvLines(fs.readFileSync(file, 'utf8'));
    expect(lines[0]).toEqual([
      'Section',
      'At (EAT)',
      'Payment ID',
      'Participant',
      'Phone',
      'Study',
      'Reason',
      'Status',
      'Transaction ID',
      'Amount (KES)',
    ]);
    const entries = lines.filter((l) => l[2] === paymentId);
    expect(entries.map((l) => [l[0], l[3], l[6], l[9]])).toEqual([
      ['Released', person.name, 'Show-up fee', '500.00'],
      ['Completed', person.name, 'Show-up fee', '500.00'],
    ]);
    const json = (await admin<PayoutReport>('GET', `/api/payouts/report?from=${today}&to=${today}`))
      .body;
    for (const s of ['released', 'completed', 'failed', 'refunded'] as const) {
      const total = lines.find((l) => l[0] === `Total ${s}`)!;
      expect(total[9]).toBe(json.totals[s]);
    }
    expect(json.totals.completed).toBe('500.00');
    await expect.poll(() => toastShown(page, 'Report downloaded')).toBe(true);
    expectNoProblems(t);
    await t.close();

    // --- The same screens on a phone (375 px).
    const phone = await adminPage('/admin/dashboard?tab=payments&view=report', 375);
    const small = phone.page;
    await small.getByRole('heading', { name: 'Payout report', level: 2 }).waitFor();
    const card = small
      .locator('[data-report-section="completed"]')
      .getByRole('listitem')
      .filter({ hasText: person.name });
    await expect.poll(() => card.count()).toBe(1);
    expect(squash(await card.textContent())).toContain('Show-up fee');
    expect(await noSideways(small)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await shot(small, 'payout-report-375');

    await small.getByRole('tab', { name: 'List', exact: true }).click();
    await small.getByRole('searchbox', { name: 'Search payments' }).fill(person.email);
    const paymentCard = small.locator('li[data-payment-id]', { hasText: person.name });
    await expect.poll(() => paymentCard.count()).toBe(1);
    expect(squash(await paymentCard.textContent())).toContain('Show-up fee');
    expect(await noSideways(small)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await shot(small, 'payments-show-up-fee-375');

    await small.goto(`/admin/test/${study.id}`);
    await small.getByRole('heading', { level: 1 }).waitFor();
    await small.getByRole('tab', { name: /^All Applications/ }).click();
    const smallMore = small.getByRole('button', { name: `More actions for ${person.name}` });
    await smallMore.focus();
    await small.keyboard.press('Enter');
    const smallItem = small.getByRole('menuitem', { name: `Add payment for ${person.name}` });
    await expect.poll(() => isFocused(smallItem)).toBe(true);
    await small.keyboard.press('Enter');
    const smallDialog = small.getByRole('dialog', { name: `Add a payment for ${person.name}` });
    await settled(smallDialog);
    await smallDialog.getByTestId('unavailable-reasons').waitFor();
    expect(await noSideways(small)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await shot(small, 'add-payment-dialog-375');
    await small.keyboard.press('Escape');
    await expect.poll(() => smallDialog.count()).toBe(0);
    expectNoProblems(phone);
    await phone.close();
  });
});
