import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import {
  adminApi,
  type Api,
  applicant as registeredApplicant,
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

// Sessions (decisions.md section 9) on a server of this file's own: with
// BOOKING_CUTOFF_HOURS=0 a session may start a minute from now and still be booked, so
// attendance can be marked within the test.
const session = useBrowser();
const server = useOwnServer({ studiesOpen: true, env: { BOOKING_CUTOFF_HOURS: '0' } });
let admin: Api;

beforeAll(async () => {
  admin = await adminApi(server.baseUrl);
});

type Application = {
  id: string;
  status: string;
  attendance: string | null;
  session: { id: string } | null;
};
type SessionRow = { id: string; startsAt: string; booked: number; seatsLeft: number };

/** A participant registered on this file's server who applied to the study. */
const applicant = (testId: string, firstName: string) =>
  registeredApplicant(testId, firstName, `Mwangi${suffix()}`, { baseUrl: server.baseUrl });

async function applicationOf(id: string): Promise<Application> {
  const res = await admin<{ applications: Application[] }>('GET', `/api/applications?limit=200`);
  expect(res.status).toBe(200);
  return res.body.applications.find((a) => a.id === id)!;
}

/** The study page, signed in as the e2e admin, in a browser set to Nairobi time. */
async function studyPage(testId: string, width: number) {
  const t = await signedInPage(session, {
    baseUrl: server.baseUrl,
    width,
    path: `/admin/test/${testId}`,
    timezoneId: 'Africa/Nairobi',
  });
  await t.page.getByRole('heading', { level: 1 }).waitFor();
  return t;
}

async function openSessionsTab(page: Page) {
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await page.getByRole('heading', { name: 'Sessions', level: 2 }).waitFor();
  await expect.poll(() => page.getByText('Loading sessions…').count()).toBe(0);
}

const sessionItems = (page: Page) =>
  page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');

/** "2026-12-03" typed into Chromium's date field (its en-US order: month, day, year). */
const typedDate = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/**
 * Presses Tab until `target` has the focus (a date field's own picker button takes a stop
 * of its own in Chromium), at most four times.
 */
const tabTo = (page: Page, target: Locator) => keyTo(page, target, { max: 4 });

/** The items of a session's "More actions" menu, read and closed again. */
async function sessionMenuItems(page: Page, item: Locator) {
  await item.getByRole('button', { name: /^More actions for session/ }).click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.isVisible()).toBe(true);
  const items = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect.poll(() => menu.count()).toBe(0);
  return items;
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('admin: study sessions', () => {
  it('adds a weekly series by keyboard, books, cancels, marks attendance and completes', async () => {
    const study = await createActiveStudy(admin, {
      title: `Matatu app sessions ${suffix()}`,
      duration: 1,
      maxParticipants: 5,
      startDate: isoDay(0),
      endDate: isoDay(40),
    });
    const amani = await applicant(study.id, 'Amani');
    const baraka = await applicant(study.id, 'Baraka');

    const t = await studyPage(study.id, 1280);
    const { page } = t;
    await openSessionsTab(page);
    await page.getByText('No sessions yet').waitFor();
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-empty-1280');

    // The series, through the dialog with the keyboard only.
    const firstDay = isoDay(7);
    await page.getByRole('button', { name: 'Add session' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add session' });
    await settled(dialog);
    const date = dialog.getByLabel('Date (EAT)');
    await expect.poll(() => isFocused(date)).toBe(true);
    await page.keyboard.type(typedDate(firstDay));
    expect(await date.inputValue()).toBe(firstDay);
    await tabTo(page, dialog.getByLabel('Start time (EAT)'));
    // Chromium's time field in en-US: hours, minutes, then P for PM.
    await page.keyboard.type('0200P');
    expect(await dialog.getByLabel('Start time (EAT)').inputValue()).toBe('14:00');
    // The length defaults to the study's duration (1 hour).
    await tabTo(page, dialog.getByLabel('Length (minutes)'));
    expect(await dialog.getByLabel('Length (minutes)').inputValue()).toBe('60');
    await tabTo(page, dialog.getByLabel('Seats'));
    await page.keyboard.type('4');
    await tabTo(page, dialog.getByRole('radio', { name: 'In person' }));
    await tabTo(page, dialog.getByLabel('Place'));
    await page.keyboard.type('Ngong Road hub, 2nd floor');
    await tabTo(page, dialog.getByRole('radio', { name: 'Does not repeat' }));
    const weekly = dialog.getByRole('radio', { name: 'Weekly' });
    await keyTo(page, weekly, { key: 'ArrowRight', max: 2 });
    await expect.poll(() => weekly.isChecked()).toBe(true);
    const count = dialog.getByLabel('Number of sessions');
    await tabTo(page, count);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('3');
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-add-dialog-1280');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Sessions added')).toBe(true);

    await expect.poll(() => sessionItems(page).count()).toBe(3);
    const listed = squash(await page.getByRole('list', { name: 'Sessions' }).textContent());
    expect(listed.match(/0 of 4 booked · 4 left/g)).toHaveLength(3);
    expect(listed).toContain('14:00–15:00 EAT');
    expect(listed).toContain('Ngong Road hub, 2nd floor');
    const series = (
      await admin<{ sessions: SessionRow[] }>('GET', `/api/tests/${study.id}/sessions`)
    ).body.sessions;
    expect(series).toHaveLength(3);
    expect(Date.parse(series[1]!.startsAt) - Date.parse(series[0]!.startsAt)).toBe(7 * 86_400_000);
    expect(new Date(series[0]!.startsAt).toISOString()).toBe(`${firstDay}T11:00:00.000Z`);
    // Before anyone is booked, a session can be deleted; attendance waits for the start.
    const first = sessionItems(page).first();
    expect(await first.getByRole('button', { name: /^Attendance/ }).isDisabled()).toBe(true);
    expect(await first.getByText('Attendance opens when the session starts').isVisible()).toBe(
      true,
    );
    // Cancel and Delete sit in the session's menu, so the actions keep to one line.
    expect(await sessionMenuItems(page, first)).toEqual(['Cancel session…', 'Delete session…']);
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-list-1280');

    // A session two minutes ahead, for attendance below.
    const near = await admin<{ session: SessionRow }>('POST', `/api/tests/${study.id}/sessions`, {
      startsAt: new Date(Date.now() + 120_000).toISOString(),
      mode: 'remote',
      meetingUrl: 'https://meet.example.com/matatu',
      capacity: 2,
    });
    expect(near.status).toBe(201);
    const booked = await admin('POST', `/api/applications/${baraka.applicationId}/booking`, {
      sessionId: near.body.session.id,
    });
    expect(booked.status).toBe(200);

    // Staff book Amani from the applicants dialog.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Applicants/ }).click();
    const applicants = page.getByRole('dialog', { name: 'Applicants' });
    await settled(applicants);
    const amaniRow = applicants.getByRole('listitem').filter({ hasText: amani.name });
    expect(squash(await amaniRow.textContent())).toContain('New: no sessions yet');
    await amaniRow.getByRole('button', { name: `Book session for ${amani.name}` }).click();
    const book = page.getByRole('dialog', { name: `Book ${amani.name}` });
    await settled(book);
    // The sessions with a seat that have not started: the series (the near one may be too).
    expect(await book.getByRole('radio').count()).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-book-dialog-1280');
    // The series' first session (the near one, today, is listed before it).
    await book
      .getByRole('radio', { name: /14:00–15:00/ })
      .first()
      .check();
    await book.getByRole('button', { name: 'Book session' }).click();
    await expect.poll(() => book.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Session booked')).toBe(true);
    await expect
      .poll(async () => (await applicationOf(amani.applicationId)).status)
      .toBe('scheduled');
    expect((await applicationOf(amani.applicationId)).session?.id).toBe(series[0]!.id);
    await page.keyboard.press('Escape');
    await expect.poll(() => applicants.count()).toBe(0);

    // Booked: the Scheduled tab shows the session; Complete waits for the attendance mark,
    // and the menu moves, cancels or (after the start) marks the booking.
    await page.getByRole('tab', { name: /^Scheduled/ }).click();
    const scheduledRow = page.getByRole('row').filter({ hasText: amani.name });
    await expect.poll(async () => squash(await scheduledRow.textContent())).toContain('14:00 EAT');
    expect(
      await scheduledRow.getByRole('button', { name: `Complete ${amani.name}` }).isDisabled(),
    ).toBe(true);
    await scheduledRow.getByRole('button', { name: `More actions for ${amani.name}` }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(
      await menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent)),
    ).toEqual([
      'Mark attendedAfter start',
      'Mark no-showAfter start',
      'Mark excusedAfter start',
      'Move to another session…',
      'Cancel booking',
      'Add payment…',
      'Decline',
    ]);
    await shot(page, 'admin-sessions-scheduled-menu-1280');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expectNoAxeViolations(page);

    // Cancelling the session Amani booked tells them and returns them to selected.
    await openSessionsTab(page);
    const bookedItem = page.locator(`li[data-session-id="${series[0]!.id}"]`);
    await expect
      .poll(async () => squash(await bookedItem.textContent()))
      .toContain('1 of 4 booked');
    // Someone booked it: it can be cancelled, not deleted.
    expect(await sessionMenuItems(page, bookedItem)).toEqual(['Cancel session…']);
    await bookedItem.getByRole('button', { name: /^More actions for session/ }).click();
    await page.getByRole('menuitem', { name: 'Cancel session…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this session?' });
    await settled(confirm);
    expect(squash(await confirm.textContent())).toContain('The 1 person booked will be told');
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-cancel-confirm-1280');
    await confirm.getByRole('button', { name: 'Cancel session' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Session cancelled')).toBe(true);
    await expect.poll(async () => squash(await bookedItem.textContent())).toContain('Cancelled');
    expect(squash(await bookedItem.textContent())).toContain('0 of 4 booked');
    expect((await applicationOf(amani.applicationId)).status).toBe('selected');

    // Amani joins the near session too (staff, through the API).
    const rebooked = await admin('POST', `/api/applications/${amani.applicationId}/booking`, {
      sessionId: near.body.session.id,
    });
    expect(rebooked.status).toBe(200);
    await page.reload();
    await openSessionsTab(page);
    const nearItem = page.locator(`li[data-session-id="${near.body.session.id}"]`);
    await expect.poll(async () => squash(await nearItem.textContent())).toContain('2 of 2 booked');
    const attendance = nearItem.getByRole('button', { name: /^Attendance/ });
    expect(await attendance.isDisabled()).toBe(true);

    // The one wait on the clock: attendance opens only once the session has really started
    // on the server's clock (it refuses earlier), and the session was made to start two
    // minutes after it was created. The page looks at the clock every 5 seconds.
    await expect
      .poll(() => attendance.isEnabled(), { timeout: 200_000, interval: 2_000 })
      .toBe(true);

    await attendance.click();
    const marks = page.getByRole('dialog', { name: 'Attendance' });
    await settled(marks);
    const amaniMarks = marks.getByRole('radiogroup', { name: amani.name });
    const barakaMarks = marks.getByRole('radiogroup', { name: baraka.name });
    await amaniMarks.getByRole('radio', { name: 'Attended' }).click();
    // The radio group is moved through with the arrow keys: Attended -> No-show.
    await barakaMarks.getByRole('radio', { name: 'Attended' }).focus();
    const noShow = barakaMarks.getByRole('radio', { name: 'No-show' });
    await keyTo(page, noShow, { key: 'ArrowRight', max: 1 });
    await expect.poll(() => noShow.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-attendance-dialog-1280');
    await marks.getByRole('button', { name: 'Save attendance' }).click();
    await expect.poll(() => marks.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Attendance saved')).toBe(true);
    await expect
      .poll(async () => (await applicationOf(amani.applicationId)).attendance)
      .toBe('attended');
    expect((await applicationOf(baraka.applicationId)).status).toBe('no_show');

    // Amani, attended, is completed from the Scheduled tab; the payment is owed.
    await page.getByRole('tab', { name: /^Scheduled/ }).click();
    const complete = page.getByRole('button', { name: `Complete ${amani.name}` });
    await expect.poll(() => complete.isEnabled()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: amani.name });
    expect(squash(await row.textContent())).toContain('Attended');
    await complete.click();
    const completing = page.getByRole('dialog', { name: `Complete ${amani.name}` });
    await settled(completing);
    await completing.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => completing.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    await expect
      .poll(async () =>
        squash(await page.locator('dl[aria-label="Budget and capacity"]').textContent()),
      )
      .toContain('Ksh 1,500 owed, not yet paid');
    await expectNoAxeViolations(page);
    await shot(page, 'admin-sessions-completed-1280');

    // Baraka's record now shows the no-show (the All Applications tab, beside the name).
    await page.getByRole('tab', { name: /^All Applications/ }).click();
    const barakaRow = page.getByRole('row').filter({ hasText: baraka.name });
    await expect
      .poll(async () => squash(await barakaRow.textContent()))
      .toContain('Reliability 0% · 0 done, 1 no-show');
    expect(t.problems).toEqual([]);
    await t.close();

    // The same screens on a phone.
    const phone = await studyPage(study.id, 375);
    const small = phone.page;
    await openSessionsTab(small);
    await expect.poll(() => sessionItems(small).count()).toBe(4);
    expect(await noSideways(small)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(small);
    await shot(small, 'admin-sessions-list-375');

    await small.getByRole('button', { name: 'Add session' }).click();
    const addSmall = small.getByRole('dialog', { name: 'Add session' });
    await settled(addSmall);
    // Remote asks for a link; an empty form shows the messages under the fields.
    await addSmall.getByRole('radio', { name: 'Remote' }).check();
    await addSmall.getByRole('button', { name: 'Add session' }).click();
    await expect.poll(() => addSmall.getByText('Enter the date').isVisible()).toBe(true);
    await expectNoAxeViolations(small);
    await shot(small, 'admin-sessions-add-dialog-375');
    // A start in the past is refused by the server, its message under the date.
    await addSmall.getByLabel('Date (EAT)').fill(isoDay(-1));
    await addSmall.getByLabel('Start time (EAT)').fill('09:00');
    await addSmall.getByLabel('Seats').fill('3');
    await addSmall.getByLabel('Meeting link').fill('https://meet.example.com/x');
    await addSmall.getByRole('button', { name: 'Add session' }).click();
    await expect
      .poll(() => addSmall.getByText('Choose a start in the future').isVisible())
      .toBe(true);
    await shot(small, 'admin-sessions-add-dialog-error-375');
    await addSmall.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => addSmall.count()).toBe(0);

    const nearSmall = small.locator(`li[data-session-id="${near.body.session.id}"]`);
    await nearSmall.getByRole('button', { name: /^Attendance/ }).click();
    const marksSmall = small.getByRole('dialog', { name: 'Attendance' });
    await settled(marksSmall);
    expect(squash(await marksSmall.textContent())).toContain('Completed');
    await expectNoAxeViolations(small);
    await shot(small, 'admin-sessions-attendance-dialog-375');
    await small.keyboard.press('Escape');
    await expect.poll(() => marksSmall.count()).toBe(0);

    const open = small.locator(`li[data-session-id="${series[1]!.id}"]`);
    await open.getByRole('button', { name: /^Edit session/ }).click();
    const edit = small.getByRole('dialog', { name: 'Edit session' });
    await settled(edit);
    expect(await edit.getByLabel('Date (EAT)').inputValue()).toBe(isoDay(14));
    expect(await edit.getByLabel('Start time (EAT)').inputValue()).toBe('14:00');
    await edit.getByLabel('Seats').fill('6');
    await expectNoAxeViolations(small);
    await shot(small, 'admin-sessions-edit-dialog-375');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(async () => squash(await open.textContent())).toContain('0 of 6 booked');

    await open.getByRole('button', { name: /^More actions for session/ }).click();
    await small.getByRole('menuitem', { name: 'Cancel session…' }).click();
    const confirmSmall = small.getByRole('alertdialog', { name: 'Cancel this session?' });
    await settled(confirmSmall);
    await expectNoAxeViolations(small);
    await shot(small, 'admin-sessions-cancel-confirm-375');
    await confirmSmall.getByRole('button', { name: 'Keep session' }).click();
    await expect.poll(() => confirmSmall.count()).toBe(0);

    // A new applicant, booked from the phone.
    const chidi = await applicant(study.id, 'Chidi');
    await small.reload();
    await small.getByRole('button', { name: /^Applicants/ }).click();
    const applicantsSmall = small.getByRole('dialog', { name: 'Applicants' });
    await settled(applicantsSmall);
    await applicantsSmall.getByRole('button', { name: `Book session for ${chidi.name}` }).click();
    const bookSmall = small.getByRole('dialog', { name: `Book ${chidi.name}` });
    await settled(bookSmall);
    await expectNoAxeViolations(small);
    await shot(small, 'admin-sessions-book-dialog-375');
    await small.keyboard.press('Escape');

    // The refused start in the past is the one 400.
    expectNoProblems(phone, [400]);
    await phone.close();
  }, 300_000);
});
