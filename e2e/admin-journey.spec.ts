import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Download, Locator, Page, Response } from 'playwright-core';
import { choose, isoDay, settled, shot, squash, suffix } from './support/kit';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';

const session = useBrowser();
const PASSWORD = 'Turkana-Jade-Sunset-64';
const MPESA_CODE = 'QGH7XK2L9P';
/** Intl puts a no-break space between "Ksh" and the amount. */
const KES = (amount: string) => `Ksh\u00a0${amount}`;

async function openTab(page: Page, name: string | RegExp) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

/** Clicks, then waits for the API's answer to `method` on a URL containing `urlPart`. */
async function clickFor(
  target: Locator,
  method: string,
  urlPart: string | RegExp,
): Promise<Response> {
  const answered = target
    .page()
    .waitForResponse(
      (r) =>
        r.request().method() === method &&
        (typeof urlPart === 'string' ? r.url().includes(urlPart) : urlPart.test(r.url())),
    );
  await target.click();
  return answered;
}

/** The value (dd) that follows a term (dt) inside `scope`. */
async function termValue(scope: Page | Locator, term: string): Promise<string> {
  const dd = scope
    .locator('dt', { hasText: term })
    .first()
    .locator('xpath=following-sibling::dd[1]');
  return squash(await dd.textContent());
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<[Download, string]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return [download, fs.readFileSync(file, 'utf8')];
}

const toastShown = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().isVisible();

const rowOf = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

/** Today's UTC date, as the CSV files write dates; either side of a midnight during the test. */
const todays = new Set<string>();
const noteToday = () => todays.add(new Date().toISOString().slice(0, 10));

describe('admin journey', () => {
  it('signs in, creates and opens a study, schedules and completes an applicant, pays them by M-Pesa, exports both CSVs; the participant sees the money', async () => {
    noteToday();
    const tag = suffix();
    const title = `Water bill payment study ${tag}`;
    // 1,750.25 KES an hour x 3 hours = 5,250.75 KES per participant, shown rounded.
    const payRate = '1750.25';
    const duration = 3;
    const amount = '5250.75';
    const shown = KES('5,251');
    /** The same, as squash() reads it (\s takes the no-break space too). */
    const shownText = 'Ksh 5,251';
    const places = 4;

    // --- The admin signs in through the admin login form.
    const t = await session.newPage({ width: 1280, height: 900 });
    const { page } = t;
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Admin Portal', level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();
    await expect.poll(() => toastShown(page, 'Sign in successful!')).toBe(true);

    // --- Tests tab: create the study through the dialog.
    await openTab(page, 'Tests');
    await page.waitForURL('**/admin/dashboard?tab=tests');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Tests', level: 2 }).waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Loading tests' }).count())
      .toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, '01-tests-tab');

    await page.getByRole('button', { name: 'Create test' }).click();
    const create = page.getByRole('dialog', { name: 'Create test' });
    await settled(create);
    await expectNoAxeViolations(page);
    await create.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await create
      .getByLabel('Description')
      .fill('Pay a water bill with M-Pesa in the new app and tell us what was unclear.');
    await create.getByLabel('Pay rate (Ksh per hour)').fill(payRate);
    await create.getByLabel('Duration (hours)').fill(String(duration));
    await create.getByLabel('Participants needed').fill(String(places));
    await create.getByLabel('Start date').fill(isoDay(5));
    await create.getByLabel('End date').fill(isoDay(25));
    await create.getByLabel('Company').fill('Maji Analytics');
    await create.getByLabel('Tags').fill('utilities, mobile money');
    await shot(page, '02-create-dialog');
    const created = await clickFor(
      create.getByRole('button', { name: 'Create test' }),
      'POST',
      /\/api\/tests$/,
    );
    expect(created.status()).toBe(201);
    await expect.poll(() => create.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Test created')).toBe(true);

    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(squash(await card.textContent())).toContain('Not Started');
    expect(squash(await card.textContent())).toContain(`${shownText} per participant`);
    expect(squash(await card.textContent())).toContain(`0 / ${places} filled`);
    const href = await card.getByRole('link', { name: title, exact: true }).getAttribute('href');
    const studyId = /^\/admin\/test\/([0-9a-f-]{36})$/.exec(href ?? '')?.[1];
    expect(studyId, `study link ${href}`).toBeTruthy();

    // --- Its status to Active with the card's status selector (keyboard).
    const statusSelect = card.getByRole('combobox', { name: `Status of ${title}` });
    await statusSelect.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    const activated = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/tests/${studyId}/status`),
    );
    await page.getByRole('option', { name: 'Active', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect((await activated).status()).toBe(200);
    await expect.poll(() => toastShown(page, 'Test status updated')).toBe(true);
    await expect.poll(async () => squash(await statusSelect.textContent())).toBe('Active');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);

    // --- A participant registers and applies, through the API in their own browser context.
    const p = await session.newPage({ width: 1280, height: 900 });
    const person = {
      firstName: 'Nyokabi',
      lastName: `Mwangi${tag}`,
      email: `nyokabi.${tag}@example.com`,
      phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
    };
    const name = `${person.firstName} ${person.lastName}`;
    const registered = await p.context.request.post('/api/participants/register', {
      data: { ...person, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    const { participant } = (await registered.json()) as { participant: { id: string } };
    const signedIn = await p.context.request.post('/api/auth/signin', {
      data: { email: person.email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const applied = await p.context.request.post('/api/applications', {
      data: { participantId: participant.id, testId: studyId },
    });
    expect(applied.status()).toBe(201);

    // --- Applications tab: the study's applicant, scheduled then completed.
    await openTab(page, 'Applications');
    await page
      .getByRole('tabpanel')
      .getByRole('heading', { name: 'Applications', level: 2 })
      .waitFor();
    await choose(page, 'Study', title);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const application = rowOf(page, name);
    await application.waitFor();
    const applicationText = squash(await application.textContent());
    expect(applicationText).toContain(person.email);
    expect(applicationText).toContain(title);
    expect(applicationText).toContain('Ksh 1,750');
    expect(applicationText).toContain(`${duration} hours`);
    expect(applicationText).toContain('Application Submitted');
    expect(applicationText).toContain(`0/${places}`);
    await expectNoAxeViolations(page);
    await shot(page, '03-applications');

    const scheduled = await clickFor(
      page.getByRole('button', { name: `Schedule ${name}` }),
      'PUT',
      '/status',
    );
    expect(scheduled.status()).toBe(200);
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    await expect.poll(() => application.locator('[data-status="scheduled"]').count()).toBe(1);
    await expect.poll(async () => squash(await application.textContent())).toContain(`1/${places}`);

    await page.getByRole('button', { name: `Complete ${name}` }).click();
    const complete = page.getByRole('dialog', { name: `Complete ${name}` });
    await settled(complete);
    expect(squash(await complete.textContent())).toContain(shownText);
    const hours = complete.getByRole('spinbutton', { name: 'Hours worked' });
    expect(await hours.inputValue()).toBe(String(duration));
    await expectNoAxeViolations(page);
    await shot(page, '04-complete-dialog');
    // They left early: the hours are recorded, the payment stays pay rate x duration.
    await hours.fill('2.5');
    const completedAnswer = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/applications/'),
    );
    await hours.press('Enter');
    expect((await completedAnswer).status()).toBe(200);
    await expect.poll(() => complete.count()).toBe(0);
    await expect.poll(() => application.locator('[data-status="completed"]').count()).toBe(1);
    // Completed is final: a payment (a bonus, a show-up fee) is all that can still be added.
    expect(
      await application.getByRole('button', { name: `Add payment for ${name}` }).isVisible(),
    ).toBe(true);
    noteToday();

    // --- Payments tab: the pending payment, processed, then paid with an M-Pesa code.
    await openTab(page, 'Payments');
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Payments', level: 2 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(person.email);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const payment = rowOf(page, name);
    await payment.waitFor();
    await expect.poll(() => payment.locator('[data-status="pending"]').count()).toBe(1);
    expect(squash(await payment.textContent())).toContain(title);
    // The cells: the tick box to release it, participant, study, amount.
    expect(await payment.locator('td').nth(3).textContent()).toBe(shown);
    const total = (label: string) => page.locator(`[data-total="${label}"]`).textContent();
    await expect.poll(() => total('Owed')).toBe(shown);
    expect(await total('Paid out')).toBe(KES('0'));
    await expectNoAxeViolations(page);
    await shot(page, '05-payment-pending');

    const processed = await clickFor(
      payment.getByRole('button', { name: `Process: ${shown} to ${name}` }),
      'PUT',
      '/api/payments/',
    );
    expect(processed.status()).toBe(200);
    await expect.poll(() => payment.locator('[data-status="processing"]').count()).toBe(1);
    await expect.poll(() => toastShown(page, 'Payment updated')).toBe(true);

    await payment.getByRole('button', { name: `Mark paid: ${shown} to ${name}` }).click();
    const paid = page.getByRole('dialog', { name: 'Mark payment as paid' });
    await settled(paid);
    expect(squash(await paid.getByRole('combobox', { name: 'Payment method' }).textContent())).toBe(
      'M-Pesa',
    );
    const code = paid.getByRole('textbox', { name: 'M-Pesa code' });
    await code.fill(MPESA_CODE);
    await expectNoAxeViolations(page);
    await shot(page, '06-mark-paid-dialog');
    const paidAnswer = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/payments/'),
    );
    await code.press('Enter');
    expect((await paidAnswer).status()).toBe(200);
    await expect.poll(() => paid.count()).toBe(0);
    await expect.poll(() => payment.locator('[data-status="completed"]').count()).toBe(1);
    const paidText = squash(await payment.textContent());
    expect(paidText).toContain(MPESA_CODE);
    expect(paidText).toContain('M-Pesa');
    await expect.poll(() => total('Paid out')).toBe(shown);
    expect(await total('Owed')).toBe(KES('0'));
    expect(await payment.getByRole('button', { name: `Refund: ${shown} to ${name}` }).count()).toBe(
      1,
    );
    await shot(page, '07-payment-paid');

    // --- Participants tab: the participant's earnings, and participants.csv of the search.
    await openTab(page, 'Participants');
    await page
      .getByRole('tabpanel')
      .getByRole('heading', { name: 'Participants', level: 2 })
      .waitFor();
    await page.getByLabel('Search participants').fill(person.email);
    await expect
      .poll(() => page.getByTestId('participants-summary').textContent())
      .toBe(`1 participant match “${person.email}”.`);
    await page.getByRole('button', { name: `View ${name}` }).click();
    const detail = page.getByRole('dialog', { name });
    await settled(detail);
    const earningsInDetail = detail.getByTestId('participant-earnings');
    await earningsInDetail.waitFor();
    expect(await termValue(earningsInDetail, 'Paid out')).toBe(shownText);
    expect(await termValue(earningsInDetail, 'Pending')).toBe('Ksh 0');
    expect(await termValue(earningsInDetail, 'Completed studies')).toBe('1');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => detail.count()).toBe(0);

    const [participantsFile, participantsCsv] = await downloaded(page, () =>
      page.getByRole('link', { name: 'Export matches (CSV)' }).click(),
    );
    expect(participantsFile.suggestedFilename()).toBe('participants.csv');
    const participantLines = participantsCsv.trimEnd().split('\r\n');
    expect(participantLines[0]).toBe('Name,Email,Phone,Location,Age,Occupation,Joined');
    expect(participantLines).toHaveLength(2);
    // Phones as digits (decisions.md section 8); no location, age or occupation given.
    const participantRow = participantLines[1]!;
    const digits = person.phone.replace(/\D/g, '');
    expect(participantRow.startsWith(`${name},${person.email},${digits},,,,`)).toBe(true);
    expect(todays.has(participantRow.split(',').at(-1)!)).toBe(true);

    // --- The study's page: its figures, the Completed tab and the payment list.
    await openTab(page, 'Tests');
    await card.waitFor();
    await card.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`**/admin/test/${studyId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    // Budget 5,250.75 x 4 = 21,003; one completed: 5,250.75 paid out, 15,752.25 left.
    await expect.poll(() => termValue(page, 'Capacity')).toBe(`1 / ${places}`);
    expect(await termValue(page, 'Total Budget')).toBe('Ksh 21,003');
    expect(await termValue(page, 'Paid Out')).toBe(shownText);
    expect(await termValue(page, 'Remaining')).toBe('Ksh 15,752');
    await expectNoAxeViolations(page);
    await shot(page, '08-study-page');

    await openTab(page, 'Completed (1)');
    const panel = page.getByRole('tabpanel');
    await expect.poll(async () => squash(await panel.textContent())).toContain(person.email);
    expect(squash(await panel.textContent())).toContain('2.50');
    await expectNoAxeViolations(page);
    const [paymentsFile, paymentsCsv] = await downloaded(page, () =>
      page.getByRole('button', { name: 'Export Payment List' }).click(),
    );
    expect(paymentsFile.suggestedFilename()).toMatch(/-payments\.csv$/);
    await expect.poll(() => toastShown(page, 'Payment list exported')).toBe(true);
    const paymentLines = paymentsCsv.trimEnd().split('\r\n');
    expect(paymentLines[0]).toBe(
      'Participant,Email,Phone,Hours worked,Rate (KES/hour),Total payment (KES),Completion date',
    );
    expect(paymentLines).toHaveLength(2);
    const paymentRow = paymentLines[1]!;
    expect(
      paymentRow.startsWith(`${name},${person.email},${digits},2.50,${payRate},${amount},`),
    ).toBe(true);
    expect(todays.has(paymentRow.split(',').at(-1)!)).toBe(true);
    await shot(page, '09-study-completed-tab');

    expectNoProblems(t);
    await t.close();

    // --- The participant, in their own browser, sees the money on their dashboard.
    const me = p.page;
    await me.goto('/participant/dashboard?tab=profile');
    const earnings = me.getByTestId('earnings');
    await earnings.waitFor();
    expect(await termValue(earnings, 'Paid out')).toBe(shownText);
    expect(await termValue(earnings, 'Total earned')).toBe(shownText);
    expect(await termValue(earnings, 'Pending')).toBe('Ksh 0');
    expect(await termValue(earnings, 'Completed studies')).toBe('1');
    await expect
      .poll(() => me.getByText(/^Last payment on \d{1,2} \w{3} \d{4}\./).isVisible())
      .toBe(true);
    await expectNoAxeViolations(me);
    await shot(me, '10-participant-earnings');

    await openTab(me, 'My Applications');
    const mine = me.getByRole('article', { name: title });
    await mine.waitFor();
    expect(squash(await mine.textContent())).toContain('Completed');

    expectNoProblems(p);
    await p.close();
    // A dozen screens, three password hashes and two downloads: slow on a busy machine.
  }, 180_000);
});
