import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { shot, signedInPage } from './support/kit';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';

const session = useBrowser();
const PASSWORD = 'Kilimanjaro-Sunrise-42';

/** Letters only, so it can be a surname: unique to this run. */
function uniqueSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const tail = Array.from(crypto.randomBytes(6), (b) => letters[b % 26]).join('');
  return `Zawadi${tail}`;
}

type Person = { id: string; firstName: string; lastName: string; email: string; phone: string };

async function register(person: Omit<Person, 'id'> & Record<string, string>): Promise<Person> {
  const res = await fetch(`${session.baseUrl}/api/participants/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const { participant } = (await res.json()) as { participant: { id: string } };
  return { ...person, id: participant.id };
}

async function twoPeople(surname: string) {
  const tag = surname.toLowerCase();
  const phone = () => `+2547${crypto.randomInt(10_000_000, 100_000_000)}`;
  const achieng = await register({
    firstName: 'Achieng',
    lastName: surname,
    email: `achieng.${tag}@example.com`,
    phone: phone(),
    location: 'Kisumu',
    occupation: 'Nurse',
    age: '25-34',
  });
  const baraka = await register({
    firstName: 'Baraka',
    lastName: surname,
    email: `baraka.${tag}@example.com`,
    phone: phone(),
  });
  return { achieng, baraka };
}

async function adminPage(width = 1280): Promise<TestPage> {
  const t = await signedInPage(session, {
    width,
    height: width < 600 ? 800 : 900,
    path: '/admin/dashboard?tab=participants',
  });
  await t.page.getByRole('heading', { name: 'Participants', level: 2 }).waitFor();
  return t;
}

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`;
const summary = (page: Page) => page.getByTestId('participants-summary');

async function search(page: Page, term: string) {
  await page.getByLabel('Search participants').fill(term);
}

async function expectSummary(page: Page, text: string) {
  await expect.poll(() => summary(page).textContent()).toBe(text);
}

function toast(page: Page, title: string) {
  // Radix renders each toast as a list item of the toast viewport.
  return page.locator('li[data-state="open"]').filter({ hasText: title });
}

function fakeParticipant(n: number) {
  const now = new Date(Date.now() - n * 60_000).toISOString();
  return {
    id: crypto.randomUUID(),
    firstName: 'Fake',
    lastName: `Person${String.fromCharCode(65 + n)}`,
    email: `fake.${n}@example.com`,
    phone: `+25470000000${n}`,
    profilePhoto: null,
    location: null,
    age: null,
    occupation: null,
    dateOfBirth: null,
    education: null,
    isActive: true,
    isVerified: false,
    lastLoginAt: null,
    createdAt: now,
    updatedAt: now,
    // The admin list gives each person's record (decisions.md section 9).
    reliability: { completedCount: 0, noShowCount: 0, reliability: null, bookingPaused: false },
    // The research profile, block and duplicates of decisions.md section 10.
    gender: null,
    county: null,
    town: null,
    employment: null,
    incomeBand: null,
    languages: [],
    devices: [],
    mobileMoney: [],
    internetAccess: null,
    inviteOptIn: false,
    blocked: false,
    blockedReason: null,
    possibleDuplicates: [],
  };
}

describe('admin participants tab', () => {
  it('searches by surname, e-mail and phone, shows the no-match state, opens the detail, exports CSV and deletes with a confirmation', async () => {
    const surname = uniqueSurname();
    const { achieng, baraka } = await twoPeople(surname);
    const t = await adminPage();
    const { page } = t;

    // The list loads (newest first) and has no axe violations.
    await page.getByRole('table').waitFor();
    await expectNoAxeViolations(page);

    await search(page, surname);
    await expectSummary(page, `2 participants match “${surname}”.`);
    const table = page.getByRole('table');
    expect(await table.getByRole('row').count()).toBe(3);
    // Newest first: Baraka registered last.
    expect(await table.getByRole('row').nth(1).textContent()).toContain(baraka.email);
    expect(await table.getByRole('row').nth(2).textContent()).toContain('Kisumu');
    await shot(page, 'participants-1280-search');
    await expectNoAxeViolations(page);

    await search(page, achieng.email.toUpperCase());
    await expectSummary(page, `1 participant match “${achieng.email.toUpperCase()}”.`);
    expect(await table.textContent()).toContain(nameOf(achieng));

    await search(page, baraka.phone);
    await expectSummary(page, `1 participant match “${baraka.phone}”.`);
    expect(await table.textContent()).toContain(nameOf(baraka));

    // No match: a state of its own, with a way back.
    const nothing = `${surname}-nobody`;
    await search(page, nothing);
    await expectSummary(page, `No participants match “${nothing}”.`);
    await page.getByText(`No match for “${nothing}”`).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await shot(page, 'participants-1280-nomatch');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await page.getByLabel('Search participants').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');

    // Export the matches of a search: a real download of participants.csv.
    await search(page, surname);
    await expectSummary(page, `2 participants match “${surname}”.`);
    const exportLink = page.getByRole('link', { name: 'Export matches (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toBe('participants.csv');
    await toast(page, 'Export started').waitFor();
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Location,Age,Occupation,Joined');
    expect(lines).toHaveLength(3);
    expect(csv).toContain(
      // Phones as digits, which M-Pesa bulk and SMS tools take (decisions.md section 8).
      `${nameOf(achieng)},${achieng.email},${achieng.phone.replace(/\D/g, '')},Kisumu,25-34,Nurse,`,
    );
    expect(csv).toContain(baraka.email);

    // The detail dialog: contact, demographics, earnings.
    await page.getByRole('button', { name: `View ${nameOf(achieng)}` }).click();
    const dialog = page.getByRole('dialog', { name: nameOf(achieng) });
    await dialog.waitFor();
    const details = () => dialog.textContent();
    await expect.poll(details).toContain(achieng.email);
    expect(await details()).toContain(achieng.phone);
    expect(await details()).toContain('Nurse');
    expect(await details()).toContain('25-34');
    expect(await details()).toContain('Profile 50% complete');
    await dialog.getByTestId('participant-earnings').waitFor();
    expect(
      (await dialog.getByTestId('participant-earnings').textContent())?.replace(/\s+/g, ' '),
    ).toContain('Total earnedKsh 0');
    await shot(page, 'participants-1280-dialog');
    await expectNoAxeViolations(page);

    // A delete that fails says so and keeps the person.
    await page.route('**/api/participants/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Try again in a moment' }),
          })
        : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Delete participant' }).click();
    let confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    const failed = toast(page, 'Failed to delete participant');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Try again in a moment');
    await page.unroute('**/api/participants/*');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    // The confirmation says what goes and what stays; confirming deletes for real.
    await dialog.getByRole('button', { name: 'Delete participant' }).click();
    confirm = page.getByRole('alertdialog', { name: `Delete ${nameOf(achieng)}?` });
    await confirm.waitFor();
    const warning = (await confirm.textContent()) ?? '';
    expect(warning).toContain('permanently removes');
    expect(warning).toContain('profile photo');
    expect(warning).toContain('applications');
    expect(warning).toContain('Payments made to them are kept');
    await shot(page, 'participants-1280-confirm');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete permanently' }).click();
    await toast(page, 'Participant deleted').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectSummary(page, `1 participant match “${surname}”.`);
    expect(await page.getByRole('table').textContent()).not.toContain(achieng.email);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');

    const gone = await t.context.request.get(`/api/participants/${achieng.id}`);
    expect(gone.status()).toBe(404);

    expectNoProblems(t, [409]);
    await t.close();
  });

  it('shows cards instead of a wide table on a phone', async () => {
    const surname = uniqueSurname();
    const { baraka } = await twoPeople(surname);
    const t = await adminPage(375);
    const { page } = t;
    await search(page, surname);
    await expectSummary(page, `2 participants match “${surname}”.`);
    expect(await page.getByRole('table').isVisible()).toBe(false);
    const cards = page.getByRole('list', { name: 'Participants' });
    expect(await cards.getByRole('listitem').count()).toBe(2);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shot(page, 'participants-375-cards');
    await expectNoAxeViolations(page);

    await cards.getByRole('button', { name: `View ${nameOf(baraka)}` }).click();
    const dialog = page.getByRole('dialog', { name: nameOf(baraka) });
    await dialog.waitFor();
    await dialog.getByTestId('participant-earnings').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shot(page, 'participants-375-dialog');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    expectNoProblems(t);
    await t.close();
  });

  it('has a loading error with retry, an empty state and "Load more" paging', async () => {
    const t = await session.newPage({ width: 1280, height: 900 });
    const { page } = t;
    const signedIn = await t.context.request.post('/api/auth/signin', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signedIn.status()).toBe(200);
    let answer: { status: number; body: unknown } = {
      status: 429,
      body: { message: 'Too many requests, please wait a minute.' },
    };
    const pages: Record<string, unknown> = {};
    await page.route(/\/api\/participants\?/, (route) => {
      const cursor = new URL(route.request().url()).searchParams.get('cursor');
      const reply = cursor ? { status: 200, body: pages[cursor] } : answer;
      return route.fulfill({
        status: reply.status,
        contentType: 'application/json',
        body: JSON.stringify(reply.body),
      });
    });

    await page.goto('/admin/dashboard?tab=participants');
    const error = page
      .getByRole('alert')
      .filter({ hasText: 'We could not load the participants.' });
    await error.waitFor();
    expect(await error.textContent()).toContain('Too many requests, please wait a minute.');
    await expectNoAxeViolations(page);

    answer = { status: 200, body: { participants: [], nextCursor: null, total: 0 } };
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No participants yet', { exact: true }).waitFor();
    await expectSummary(page, 'No participants yet.');
    await shot(page, 'participants-1280-empty');
    await expectNoAxeViolations(page);

    const [a, b, c] = [fakeParticipant(0), fakeParticipant(1), fakeParticipant(2)];
    answer = { status: 200, body: { participants: [a, b], nextCursor: 'next-1', total: 3 } };
    pages['next-1'] = { participants: [c], nextCursor: null, total: 3 };
    await page.getByLabel('Search participants').fill('fake');
    await expectSummary(page, '3 participants match “fake”.');
    await page.getByText('Showing 2 of 3 participants').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('Showing 3 of 3 participants').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(4);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await page.getByRole('table').getByText('New: no sessions yet').count()).toBe(3);

    expectNoProblems(t, [429]);
    await t.close();
  });
});
