import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import {
  adminApi,
  choose,
  isFocused,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
  toastShown,
} from './support/kit';
import { BOUNCING_DOMAIN, mailTo } from './support/mail-catcher';

const session = useBrowser();
const mailDir = inject('mailDir');

type Mail = { id: string; recipient: string; status: string; kind: string; attempts: number };

/** A lead form sent to an address the test SMTP server refuses for good: its auto-reply fails. */
async function failedAutoReply(): Promise<string> {
  const email = `lead-${suffix()}@${BOUNCING_DOMAIN}`;
  const sent = await fetch(`${session.baseUrl}/api/client-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Bounce Ltd',
      contactPerson: 'Wanjiru',
      email,
      service: 'research',
      message: 'Please call us.',
    }),
  });
  expect(sent.status).toBe(201);
  const admin = await adminApi();
  await expect
    .poll(
      async () =>
        (
          await admin<{ mail: Mail[] }>('GET', '/api/outbox?status=failed&limit=200')
        ).body.mail.some((m) => m.recipient === email),
      { timeout: 30_000 },
    )
    .toBe(true);
  return email;
}

/** A participant who asked for a reset link, and got it. */
async function sentResetMail(): Promise<string> {
  const email = `reset-${suffix()}@example.com`;
  const registered = await fetch(`${session.baseUrl}/api/participants/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Kamau',
      lastName: 'Njoroge',
      email,
      phone: `+2547${String(Math.floor(Math.random() * 9e7) + 1e7)}`,
      password: 'Savanna-Lantern-77',
    }),
  });
  expect(registered.status).toBe(201);
  const asked = await fetch(`${session.baseUrl}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(202);
  await expect.poll(() => mailTo(mailDir, email).length, { timeout: 30_000 }).toBe(1);
  return email;
}

/**
 * The id of the failed mail to `recipient`, read from the failed list: the list of all mail
 * is the newest first, and files running beside this one add to it at any moment.
 */
async function failedMailTo(recipient: string): Promise<Mail> {
  const admin = await adminApi();
  const failed = await admin<{ mail: Mail[] }>('GET', '/api/outbox?status=failed&limit=200');
  const mail = failed.body.mail.find((m) => m.recipient === recipient);
  expect(mail, `a failed mail to ${recipient}`).toBeDefined();
  return mail!;
}

const rowOf = (page: Page, recipient: string) =>
  page.locator('tbody tr', { hasText: recipient }).first();

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('admin: outbox', () => {
  it('lists mail with status, attempts and last error, never a reset link, and retries a failed one from the keyboard', async () => {
    const [bounced, reset] = await Promise.all([failedAutoReply(), sentResetMail()]);
    const bouncedMail = await failedMailTo(bounced);
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=outbox' });
    const { page } = t;
    await expect.poll(() => page.getByRole('heading', { name: 'Outbox' }).isVisible()).toBe(true);

    await expect.poll(() => rowOf(page, bounced).isVisible()).toBe(true);
    // This server sends mail (SMTP_URL is the test SMTP server): no "not being sent" notice.
    expect(await page.getByText('Mail is not being sent').count()).toBe(0);
    const failedRow = rowOf(page, bounced);
    const text = async () => ((await failedRow.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(await text()).toContain('Inquiry received');
    expect(await text()).toContain('Failed');
    expect(await text()).toMatch(/550/);

    await expect.poll(() => rowOf(page, reset).textContent()).toContain('Password reset');
    expect(await rowOf(page, reset).textContent()).toContain('Sent');
    expect(await page.content()).not.toContain('reset-password?token');
    await expectNoAxeViolations(page);
    await shot(page, 'outbox-1280');

    // View: an auto-reply's text is shown; a reset mail's never is. Escape returns focus.
    const viewReply = page.getByRole('button', { name: `View the mail to ${bounced}` }).first();
    await viewReply.click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByLabel('Mail text').textContent())
      .toContain('Thank you for telling us about your project');
    await settled(dialog);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => viewReply.evaluate((el) => el === document.activeElement)).toBe(true);

    await page
      .getByRole('button', { name: `View the mail to ${reset}` })
      .first()
      .click();
    await expect
      .poll(() => dialog.textContent())
      .toContain('The content of this mail is never shown');
    expect(await page.content()).not.toContain('reset-password?token');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await choose(page, 'Status', 'Failed');
    await expect
      .poll(async () => {
        const statuses = await page.locator('tbody tr [data-status]').allTextContents();
        return statuses.length > 0 && statuses.every((s) => s === 'Failed');
      })
      .toBe(true);

    // Keyboard only: focus the row's Retry button and press Enter. The answer is held back
    // a moment: while pending the button keeps the focus (aria-disabled, not disabled).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/outbox/*/retry', async (route) => {
      await held;
      await route.continue();
    });
    const retry = page.getByRole('button', { name: `Retry the mail to ${bounced}` });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => retry.getAttribute('aria-disabled')).toBe('true');
    expect(await isFocused(retry)).toBe(true);
    // A second press while pending sends nothing more.
    await page.keyboard.press('Enter');
    release();
    await expect.poll(() => toastShown(page, 'Mail queued again')).toBe(true);
    await page.unroute('**/api/outbox/*/retry');
    // The row left the Failed list: the focus is on the list's heading, not the page.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName),
      )
      .toBe('outbox-heading');

    const admin = await adminApi();
    const audit = await admin<{ entries: { resourceId: string | null }[] }>(
      'GET',
      '/api/audit-log?action=mail.retry&limit=200',
    );
    expect(audit.body.entries.map((e) => e.resourceId)).toContain(bouncedMail.id);

    // The empty state. Any status may hold another file's mail at this moment (the worker
    // sends theirs too), so the page gets an empty answer here; the Failed filter above
    // showed the server filtering.
    const sendingList = (url: URL) =>
      url.pathname === '/api/outbox' && url.searchParams.get('status') === 'sending';
    await page.route(sendingList, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ mail: [], nextCursor: null, total: 0, smtpConfigured: true }),
      }),
    );
    await choose(page, 'Status', 'Sending');
    await expect.poll(() => page.getByText('No mail has this status.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(1);
    expectNoProblems(t);
    await t.close();
  });

  it('shows one card per mail on a 375 px phone, with Retry, and no sideways scrolling', async () => {
    const bounced = await failedAutoReply();
    const t = await signedInPage(session, { width: 375, path: '/admin/dashboard?tab=outbox' });
    const { page } = t;
    const card = page.getByRole('list', { name: 'Mail' }).locator('li', { hasText: bounced });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(
      await card.getByRole('button', { name: `Retry the mail to ${bounced}` }).isVisible(),
    ).toBe(true);
    expect(await noSideways(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, 'outbox-375');

    // Retry from the keyboard: the card stays (queued again), so its View button gets the focus.
    await card.getByRole('button', { name: `Retry the mail to ${bounced}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toastShown(page, 'Mail queued again')).toBe(true);
    const view = card.getByRole('button', { name: `View the mail to ${bounced}` });
    await expect.poll(() => isFocused(view)).toBe(true);
    // No check that Retry is gone: the worker sends the queued mail again at once, the test
    // SMTP server refuses it again, and the next refresh rightly shows Retry once more.
    expectNoProblems(t);
    await t.close();
  });

  it('offers no "Try again" in the View dialog when the mail is not found (404)', async () => {
    const bounced = await failedAutoReply();
    const mail = await failedMailTo(bounced);
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=outbox' });
    const { page } = t;
    // The mail is gone by the time the dialog asks for it.
    await page.route(`**/api/outbox/${mail.id}`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOT_FOUND', message: 'Mail not found' }),
      }),
    );
    await page
      .getByRole('button', { name: `View the mail to ${bounced}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('We could not load the mail.');
    expect(await dialog.textContent()).toContain('Mail not found');
    expect(await dialog.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await settled(dialog);
    await expectNoAxeViolations(page);
    expectNoProblems(t, [404]);
    await t.close();
  });
});

describe('admin: SMS outbox', () => {
  const failedSms = {
    id: 'b9d1c2e0-1111-4aaa-8bbb-000000000001',
    to: '+254712000999',
    kind: 'session-reminder-24h',
    status: 'failed',
    attempts: 8,
    lastError: "Africa's Talking: 403 InvalidPhoneNumber",
    createdAt: '2026-03-02T07:00:00.000Z',
    sentAt: null,
    nextAttemptAt: null,
  };

  it('switches to SMS, says they are not sent with log://, shows a failed one with its text and retries it from the keyboard', async () => {
    const t = await signedInPage(session, { path: '/admin/dashboard?tab=outbox' });
    const { page } = t;
    await expect.poll(() => page.getByRole('heading', { name: 'Outbox' }).isVisible()).toBe(true);

    // The real server: no SMS_URL, so the list says SMS stay queued.
    await page.getByRole('tab', { name: 'SMS' }).click();
    await expect.poll(() => page.url()).toContain('channel=sms');
    await expect.poll(() => page.getByText('SMS are not being sent').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // No producer of SMS runs in this spec: the rows come from routed answers, as the real
    // API gives them (its shapes are checked by sms.routes.int.test.ts).
    let retried = false;
    const listRoute = (url: URL) => url.pathname === '/api/sms-outbox';
    await page.route(listRoute, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          sms: [retried ? { ...failedSms, status: 'pending', attempts: 0 } : failedSms],
          nextCursor: null,
          total: 1,
          provider: 'africastalking',
        }),
      }),
    );
    await page.route(`**/api/sms-outbox/${failedSms.id}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          sms: {
            ...failedSms,
            body: 'Habari Amina, kikao chako ni kesho saa 10:00.',
            providerMessageId: null,
          },
        }),
      }),
    );
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/sms-outbox/${failedSms.id}/retry`, async (route) => {
      await held;
      retried = true;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ sms: { ...failedSms, status: 'pending', attempts: 0 } }),
      });
    });
    await choose(page, 'Status', 'Failed');
    const row = rowOf(page, failedSms.to);
    await expect.poll(() => row.isVisible()).toBe(true);
    const text = squash(await row.textContent());
    expect(text).toContain('Reminder 24 h before');
    expect(text).toContain('Failed');
    expect(text).toContain('403 InvalidPhoneNumber');
    expect(await page.getByText('SMS are not being sent').count()).toBe(0);

    const view = page.getByRole('button', { name: `View the SMS to ${failedSms.to}` }).first();
    await view.click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByLabel('SMS text').textContent())
      .toContain('kikao chako ni kesho');
    await settled(dialog);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => isFocused(view)).toBe(true);

    const retry = page.getByRole('button', { name: `Retry the SMS to ${failedSms.to}` });
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => retry.getAttribute('aria-disabled')).toBe('true');
    expect(await isFocused(retry)).toBe(true);
    release();
    await expect.poll(() => toastShown(page, 'SMS queued again')).toBe(true);
    // Queued again, the row keeps its place and its View button takes the focus.
    await expect.poll(() => isFocused(view)).toBe(true);
    expect(await retry.count()).toBe(0);
    expectNoProblems(t);
    await t.close();
  });
});
