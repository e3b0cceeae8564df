// A participant's sessions on the dashboard (decisions.md section 9): choose and book a
// session with the keyboard only, the booking mail's invite.ics, Add to calendar,
// reschedule, cancel and book again; the waitlist and its held seat; the cut-off; withdraw;
// the same screens in Kiswahili. Staff and the other applicants act through the API.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';
import { englishLeftovers, message } from './support/catalogues';
import {
  adminApi,
  type Api,
  apiAs,
  applicant,
  createActiveStudy,
  isoDay,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
  tabToName,
} from './support/kit';
import { mailTo } from './support/mail-catcher';

const session = useBrowser();
/** The password kit.ts's applicant() registers with. */
const APPLICANT_PASSWORD = 'Acacia-Lantern-58';
const DASHBOARD = '/participant/dashboard?tab=applications';

type StudySession = { id: string; startsAt: string; seatsLeft: number };

/** A session made by staff, `days` from today at `time` Nairobi time. */
async function createSession(
  admin: Api,
  testId: string,
  fields: Record<string, unknown> & { startsAt: string },
): Promise<StudySession> {
  const res = await admin<{ session: StudySession }>('POST', `/api/tests/${testId}/sessions`, {
    mode: 'in_person',
    capacity: 4,
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session;
}

const eat = (days: number, time: string) => `${isoDay(days)}T${time}:00+03:00`;

async function select(admin: Api, applicationId: string) {
  const res = await admin('PUT', `/api/applications/${applicationId}/status`, {
    status: 'selected',
  });
  expect(res.status).toBe(200);
}

/** Day and clock as the page writes them in Nairobi time. */
function dayOf(startsAt: string, locale = 'en-KE') {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(startsAt));
}

const cardOf = (page: Page, title: string) => page.getByRole('article', { name: title });

const tabTo = (page: Page, name: RegExp) => tabToName(page, name, 80);

const focusedIsInside = (locator: Locator) =>
  locator.evaluate((el) => el.contains(document.activeElement));

/** The text of the invite.ics attachment of a raw mail, decoded and unfolded. */
function inviteOf(raw: string): string | undefined {
  const at = raw.search(/filename="?invite\.ics"?/i);
  if (at < 0) return undefined;
  const partStart = raw.lastIndexOf('\r\n--', at);
  const headerEnd = raw.indexOf('\r\n\r\n', at);
  const headers = raw.slice(partStart, headerEnd);
  const bodyEnd = raw.indexOf('\r\n--', headerEnd + 4);
  const body = raw.slice(headerEnd + 4, bodyEnd);
  let text = body;
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    text = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return text.replace(/\r?\n[ \t]/g, '');
}

async function openDashboard(t: TestPage, title: string) {
  await t.page.goto(DASHBOARD);
  await cardOf(t.page, title).waitFor();
}

/** Nothing on the page is wider than the window. */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('a participant books, moves and cancels study sessions on the dashboard (decisions.md section 9)', () => {
  it('books with the keyboard only, gets invite.ics by mail, adds it to a calendar, reschedules, cancels and books again, at 375 and 1280 px', async () => {
    const admin = await adminApi();
    const title = `Matatu fare study ${suffix()}`;
    const study = await createActiveStudy(admin, { title, maxParticipants: 10 });
    const longPlace =
      'InsightLab research room, Kilimani Business Centre, 3rd floor, Argwings Kodhek Road opposite Yaya Centre — ask for the research desk at the reception';
    const first = await createSession(admin, study.id, {
      startsAt: eat(5, '10:00'),
      durationMinutes: 90,
      location: longPlace,
    });
    const second = await createSession(admin, study.id, {
      startsAt: eat(6, '14:00'),
      durationMinutes: 120,
      location: 'iHub, Senteu Plaza, Galana Road',
    });
    const person = await applicant(study.id, 'Akinyi', 'Mwangi');
    await select(admin, person.applicationId);

    const t = await signedInPage(session, {
      account: { email: person.email, password: APPLICANT_PASSWORD },
      width: 375,
      height: 800,
    });
    const { page } = t;
    await openDashboard(t, title);
    const card = cardOf(page, title);
    const choose = card.getByTestId('choose-session');
    await expect.poll(() => choose.getByRole('listitem').count()).toBe(2);
    expect(squash(await choose.textContent())).toContain(dayOf(first.startsAt));
    expect(squash(await choose.textContent())).toContain('10:00–11:30 EAT');
    expect(squash(await choose.textContent())).toContain('4 seats left');
    expect(await overflows(page)).toBe(false);
    await shot(page, 'sessions-choose-375');
    await expectNoAxeViolations(page);

    // Keyboard only: Tab to the first session's Book button, Enter.
    await tabTo(page, new RegExp(`^Book ${dayOf(first.startsAt)}`));
    await page.keyboard.press('Enter');
    const upcoming = card.getByTestId('upcoming-session');
    await upcoming.waitFor();
    const booked = squash(await upcoming.textContent());
    expect(booked).toContain('Upcoming session');
    expect(booked).toContain(dayOf(first.startsAt));
    expect(booked).toContain('10:00–11:30 EAT');
    expect(booked).toContain('90 minutes');
    expect(booked).toContain(longPlace);
    await expect.poll(() => page.getByText('Session booked', { exact: true }).count()).toBe(1);
    // The Book button is gone; the focus stays on the application's card.
    await expect.poll(() => focusedIsInside(card)).toBe(true);
    expect(await overflows(page)).toBe(false);
    await shot(page, 'sessions-upcoming-375');
    await expectNoAxeViolations(page);

    // The booking mail carries the calendar file.
    await expect
      .poll(() => mailTo(inject('mailDir'), person.email).some((raw) => inviteOf(raw)), {
        timeout: 20_000,
      })
      .toBe(true);
    const invite = mailTo(inject('mailDir'), person.email)
      .map(inviteOf)
      .find((text) => text !== undefined)!;
    expect(invite).toContain('BEGIN:VCALENDAR');
    expect(invite).toContain(title);

    // Add to calendar downloads the text/calendar file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tabTo(page, /^Add to calendar$/).then(() => page.keyboard.press('Enter')),
    ]);
    const file = fs.readFileSync((await download.path())!, 'utf8');
    expect(file).toContain('BEGIN:VCALENDAR');
    expect(file).toContain(title);
    const calendar = await t.context.request.get(
      `/api/applications/${person.applicationId}/calendar.ics`,
    );
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);

    // Reschedule to the second session: Tab, Space on the session, Tab to the button, Enter.
    await tabTo(page, /^Reschedule$/);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Choose a new time' });
    await settled(dialog);
    expect(squash(await dialog.textContent())).toContain('iHub, Senteu Plaza');
    await shot(page, 'sessions-reschedule-375');
    await expectNoAxeViolations(page);
    await expect.poll(() => focusedIsInside(dialog)).toBe(true);
    const radio = dialog.getByRole('radio');
    await expect.poll(() => radio.count()).toBe(1);
    if (!(await radio.evaluate((el) => el === document.activeElement))) {
      await tabTo(page, new RegExp(dayOf(second.startsAt)));
    }
    await page.keyboard.press('Space');
    await expect.poll(() => radio.isChecked()).toBe(true);
    await tabTo(page, /^Move my booking$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(async () => squash(await upcoming.textContent()))
      .toContain(dayOf(second.startsAt));
    expect(squash(await upcoming.textContent())).toContain('14:00–16:00 EAT');
    expect(squash(await upcoming.textContent())).toContain('2 hours');
    await expect.poll(() => focusedIsInside(card)).toBe(true);

    // Cancel the booking: confirm in the dialog; back to choosing.
    await tabTo(page, /^Cancel booking$/);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await settled(confirm);
    await expectNoAxeViolations(page);
    await tabTo(page, /^Cancel booking$/);
    await page.keyboard.press('Enter');
    await choose.waitFor();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.getByText('Booking cancelled', { exact: true }).count()).toBe(1);
    await expect.poll(() => focusedIsInside(card)).toBe(true);

    // And book again.
    await tabTo(page, new RegExp(`^Book ${dayOf(first.startsAt)}`));
    await page.keyboard.press('Enter');
    await upcoming.waitFor();
    expect(squash(await upcoming.textContent())).toContain(dayOf(first.startsAt));
    const mine = await person.api<{ applications: { id: string; status: string }[] }>(
      'GET',
      '/api/applications',
    );
    expect(mine.body.applications.find((a) => a.id === person.applicationId)?.status).toBe(
      'scheduled',
    );

    // The profile tab's Upcoming Tests card names the session's day and time too.
    await page.getByRole('tab', { name: 'Profile Settings' }).click();
    await expect
      .poll(async () => squash(await page.getByRole('tabpanel').textContent()))
      .toContain(`${dayOf(first.startsAt)} · 10:00–11:30 EAT`);
    await page.getByRole('tab', { name: 'My Applications' }).click();
    await upcoming.waitFor();

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await overflows(page)).toBe(false);
    await shot(page, 'sessions-upcoming-1280');
    await expectNoAxeViolations(page);
    expectNoProblems(t);
    await t.close();
  });

  it('waits in line for a full session, sees the seat held for them when another cancels, and books it', async () => {
    const admin = await adminApi();
    const title = `Boda safety study ${suffix()}`;
    const study = await createActiveStudy(admin, { title, maxParticipants: 10 });
    const only = await createSession(admin, study.id, {
      startsAt: eat(7, '09:30'),
      durationMinutes: 60,
      capacity: 1,
      location: 'Westlands stage, Nairobi',
    });
    const other = await applicant(study.id, 'Baraka', 'Kiprono');
    await select(admin, other.applicationId);
    const took = await other.api('POST', `/api/applications/${other.applicationId}/booking`, {
      sessionId: only.id,
    });
    expect(took.status).toBe(200);
    const person = await applicant(study.id, 'Zawadi', 'Njeri');
    await select(admin, person.applicationId);

    const t = await signedInPage(session, {
      account: { email: person.email, password: APPLICANT_PASSWORD },
      width: 375,
    });
    const { page } = t;
    await openDashboard(t, title);
    const card = cardOf(page, title);
    await card.getByText('All sessions are full').waitFor();
    await shot(page, 'sessions-full-375');
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: 'Join the waitlist' }).click();
    await card.getByText('You are number 1 in line.').waitFor();
    await expect
      .poll(() => page.getByText('You are on the waitlist', { exact: true }).count())
      .toBe(1);
    await card.getByRole('button', { name: 'Leave the waitlist' }).waitFor();
    await shot(page, 'sessions-waitlist-375');

    // The other applicant cancels: the seat is held for the first in line.
    const cancelled = await other.api('DELETE', `/api/applications/${other.applicationId}/booking`);
    expect(cancelled.status).toBe(200);
    await page.reload();
    const offer = card.getByTestId('seat-offer');
    await offer.waitFor();
    expect(squash(await offer.textContent())).toMatch(
      /A seat is held for you until \d{2}:\d{2} EAT/,
    );
    expect(squash(await offer.textContent())).toContain(dayOf(only.startsAt));
    await shot(page, 'sessions-offer-375');
    await expectNoAxeViolations(page);
    await offer.getByRole('button', { name: 'Book this seat' }).click();
    const upcoming = card.getByTestId('upcoming-session');
    await upcoming.waitFor();
    expect(squash(await upcoming.textContent())).toContain('Westlands stage, Nairobi');
    // Someone else cannot take it now.
    const again = await other.api('POST', `/api/applications/${other.applicationId}/booking`, {
      sessionId: only.id,
    });
    expect(again.status).toBe(409);
    expectNoProblems(t);
    await t.close();
  });

  it('within 12 hours of the start, Reschedule and Cancel are off and say why; the join link opens in a new tab; withdrawing is confirmed and final', async () => {
    const admin = await adminApi();
    const title = `Mobile money study ${suffix()}`;
    const study = await createActiveStudy(admin, {
      title,
      maxParticipants: 10,
      startDate: isoDay(0),
    });
    const soon = new Date(Date.now() + 3 * 3_600_000);
    soon.setUTCSeconds(0, 0);
    const remote = await createSession(admin, study.id, {
      startsAt: soon.toISOString(),
      durationMinutes: 60,
      mode: 'remote',
      meetingUrl: 'https://meet.example.com/insightlab-mobile-money',
    });
    await createSession(admin, study.id, {
      startsAt: eat(8, '11:00'),
      location: 'Kilimani, Nairobi',
    });
    const person = await applicant(study.id, 'Otieno', 'Achieng');
    await select(admin, person.applicationId);
    const booked = await person.api('POST', `/api/applications/${person.applicationId}/booking`, {
      sessionId: remote.id,
    });
    expect(booked.status).toBe(200);

    const t = await signedInPage(session, {
      account: { email: person.email, password: APPLICANT_PASSWORD },
      width: 375,
    });
    const { page } = t;
    await openDashboard(t, title);
    const card = cardOf(page, title);
    const upcoming = card.getByTestId('upcoming-session');
    await upcoming.waitFor();
    const join = upcoming.getByRole('link', { name: /Join the session/ });
    expect(await join.getAttribute('href')).toBe(
      'https://meet.example.com/insightlab-mobile-money',
    );
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toBe('noopener noreferrer');
    for (const name of ['Reschedule', 'Cancel booking']) {
      const button = upcoming.getByRole('button', { name });
      expect(await button.isDisabled()).toBe(true);
      expect(
        await button.evaluate(
          (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
        ),
      ).toContain('up to 12 hours before the start');
    }
    await shot(page, 'sessions-cutoff-375');
    await expectNoAxeViolations(page);
    // The server says the same.
    const late = await person.api<{ message: string }>(
      'DELETE',
      `/api/applications/${person.applicationId}/booking`,
    );
    expect(late.status).toBe(409);

    // Withdraw: the dialog says it cannot be undone; Cancel keeps everything.
    await card.getByRole('button', { name: `Withdraw from ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Withdraw from this study?' });
    await settled(confirm);
    expect(await confirm.textContent()).toContain('This cannot be undone');
    await shot(page, 'sessions-withdraw-375');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Stay in the study' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await upcoming.waitFor();
    await card.getByRole('button', { name: `Withdraw from ${title}` }).click();
    await confirm.getByRole('button', { name: 'Withdraw from the study' }).click();
    await card.getByText('You withdrew from this study.').waitFor();
    expect(squash(await card.getByTestId('application-status').textContent())).toBe('Withdrawn');
    expect(await card.getByRole('button').count()).toBe(0);
    await expect.poll(() => focusedIsInside(card)).toBe(true);
    expectNoProblems(t);
    await t.close();
  });

  it('in Kiswahili: the upcoming session, the sessions to choose and the dialogs have no English left, at 375 and 1280 px', async () => {
    const admin = await adminApi();
    const bookedTitle = `Utafiti wa nauli ${suffix()}`;
    const openTitle = `Utafiti wa M-Pesa ${suffix()}`;
    const bookedStudy = await createActiveStudy(admin, { title: bookedTitle, maxParticipants: 5 });
    const openStudy = await createActiveStudy(admin, { title: openTitle, maxParticipants: 5 });
    const bookedSession = await createSession(admin, bookedStudy.id, {
      startsAt: eat(5, '15:00'),
      location: 'Ukumbi wa jamii, Barabara ya Ngong, ghorofa ya pili',
    });
    await createSession(admin, openStudy.id, {
      startsAt: eat(9, '10:00'),
      location: 'Kituo cha Kilimani, Nairobi',
    });
    await createSession(admin, openStudy.id, {
      startsAt: eat(10, '10:00'),
      mode: 'remote',
      meetingUrl: 'https://meet.example.com/mpesa',
    });

    // A participant who registered in Kiswahili: the dashboard follows their profile.
    const person = {
      firstName: 'Neema',
      lastName: 'Wambui',
      email: `neema.${crypto.randomBytes(3).toString('hex')}@example.com`,
      phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
      password: APPLICANT_PASSWORD,
      language: 'sw',
    };
    const registered = await fetch(`${session.baseUrl}/api/participants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    expect(registered.status).toBe(201);
    const { participant } = (await registered.json()) as { participant: { id: string } };
    const api = await apiAs(person.email, person.password);
    const ids: string[] = [];
    for (const testId of [bookedStudy.id, openStudy.id]) {
      const applied = await api<{ application: { id: string } }>('POST', '/api/applications', {
        participantId: participant.id,
        testId,
      });
      expect(applied.status).toBe(201);
      await select(admin, applied.body.application.id);
      ids.push(applied.body.application.id);
    }
    const booking = await api('POST', `/api/applications/${ids[0]}/booking`, {
      sessionId: bookedSession.id,
    });
    expect(booking.status).toBe(200);

    const t = await signedInPage(session, { account: person, width: 375 });
    const { page } = t;
    await openDashboard(t, bookedTitle);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('sw');
    const upcoming = cardOf(page, bookedTitle).getByTestId('upcoming-session');
    await upcoming.waitFor();
    expect(squash(await upcoming.textContent())).toContain(
      message('sw', 'dashboard', 'booking.upcoming.title'),
    );
    expect(squash(await upcoming.textContent())).toContain(dayOf(bookedSession.startsAt, 'sw-KE'));
    const choose = cardOf(page, openTitle).getByTestId('choose-session');
    await expect.poll(() => choose.getByRole('listitem').count()).toBe(2);
    expect(await englishLeftovers(page, ['dashboard', 'ui', 'common'])).toEqual([]);
    expect(squash(await page.locator('main').textContent())).not.toMatch(
      /\b(Book|Reschedule|Cancel booking|Add to calendar|Withdraw|seats left|minutes|hours)\b/,
    );
    expect(await overflows(page)).toBe(false);
    await shot(page, 'sessions-sw-375');
    await expectNoAxeViolations(page);

    // The dialogs too.
    await upcoming
      .getByRole('button', { name: message('sw', 'dashboard', 'booking.reschedule') })
      .click();
    const dialog = page.getByRole('dialog', {
      name: message('sw', 'dashboard', 'booking.rescheduleTitle'),
    });
    await settled(dialog);
    expect(await englishLeftovers(page, ['dashboard', 'ui'])).toEqual([]);
    await shot(page, 'sessions-sw-reschedule-375');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await cardOf(page, openTitle)
      .getByRole('button', { name: new RegExp(message('sw', 'dashboard', 'booking.withdraw')) })
      .click();
    const confirm = page.getByRole('alertdialog', {
      name: message('sw', 'dashboard', 'booking.withdrawTitle'),
    });
    await settled(confirm);
    expect(await englishLeftovers(page, ['dashboard', 'ui'])).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => confirm.count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await overflows(page)).toBe(false);
    await shot(page, 'sessions-sw-1280');
    await expectNoAxeViolations(page);
    expectNoProblems(t);
    await t.close();
  });
});
