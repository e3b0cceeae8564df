import type { Page } from 'playwright-core';
import {
  adminApi,
  applicant,
  choose,
  createActiveStudy,
  earningsOf,
  shot,
  squash,
  suffix,
  toastShown,
  signedInPage,
} from './support/kit';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';

const session = useBrowser();

const adminOnTab = (tab: string, width = 1280) =>
  signedInPage(session, { width, path: `/admin/dashboard?tab=${tab}` });

const rowOf = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

describe('admin: applications', () => {
  it('filters by study and name, schedules into the last place, shows FULL, completes with hours → a pending payment', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin);
    const tag = suffix();
    const first = await applicant(study.id, 'Wanjiru', `Kamau${tag}`);
    const second = await applicant(study.id, 'Baraka', `Otieno${tag}`);

    const t = await adminOnTab('applications');
    const { page } = t;
    await expect
      .poll(() => page.getByRole('heading', { name: 'Applications', level: 2 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await shot(page, 'applications-1280');

    // Every status is offered, interested as the spec's 'Application Submitted', no_show as a word.
    await page.getByRole('combobox', { name: 'Status' }).click();
    expect(
      await page.getByRole('option').evaluateAll((options) => options.map((o) => o.textContent)),
    ).toEqual([
      'All statuses',
      'Application Submitted',
      'Screening',
      'Selected',
      'Scheduled',
      'Completed',
      'Declined',
      'Disqualified',
      'Withdrawn',
      'No-show',
    ]);
    await page.keyboard.press('Escape');

    // The study filter works on the server: exactly our two applicants.
    await choose(page, 'Study', study.title);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    expect(await page.getByText('Showing 2 of 2 applications').isVisible()).toBe(true);

    // The participant search (debounced, case-insensitive) narrows it to one.
    await page
      .getByRole('searchbox', { name: 'Search participants' })
      .fill(first.name.toUpperCase());
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const firstRow = rowOf(page, first.name);
    const text = (await firstRow.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain(first.email);
    expect(text).toContain('Ksh 1,500'); // the real pay rate, not divided by 100
    expect(text).toContain('2 hours');
    expect(text).toContain('Application Submitted');
    expect(text).toContain('0/1');

    await page.getByRole('button', { name: `Schedule ${first.name}` }).click();
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    await expect.poll(() => firstRow.locator('[data-status="scheduled"]').count()).toBe(1);
    expect(await firstRow.getByText('FULL', { exact: false }).first().isVisible()).toBe(true);
    expect(await earningsOf(first.api)).toMatchObject({
      pendingPayments: '0.00',
      completedTests: 0,
    });

    // The second applicant cannot take a place that is gone.
    await page.getByRole('searchbox', { name: 'Search participants' }).fill(second.name);
    await expect.poll(() => rowOf(page, second.name).count()).toBe(1);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const secondRow = rowOf(page, second.name);
    const schedule = page.getByRole('button', { name: `Schedule ${second.name}` });
    expect(await schedule.isDisabled()).toBe(true);
    // FULL is said once per row (the places); the disabled button keeps its verb.
    const rowText = squash(await secondRow.textContent());
    expect(rowText.match(/FULL/g)).toHaveLength(1);
    expect(squash(await schedule.textContent())).toContain('Schedule');
    await expectNoAxeViolations(page);
    await shot(page, 'applications-full-1280');

    // Declining asks first; keeping it changes nothing.
    await page.getByRole('button', { name: `More actions for ${second.name}` }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(
      await menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent)),
    ).toEqual(['Screen', 'Select', 'Decline', 'Disqualify']);
    await menu.getByRole('menuitem', { name: `Decline ${second.name}` }).click();
    await expect.poll(() => menu.count()).toBe(0);
    const confirm = page.getByRole('alertdialog', { name: `Decline ${second.name}?` });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'applications-decline-1280');
    await confirm.getByRole('button', { name: 'Keep application' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await secondRow.locator('[data-status="interested"]').count()).toBe(1);

    // Complete the first with the hours worked.
    await page.getByRole('searchbox', { name: 'Search participants' }).fill(first.email);
    await expect.poll(() => rowOf(page, first.name).count()).toBe(1);
    await page.getByRole('button', { name: `Complete ${first.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Complete ${first.name}` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const hoursField = dialog.getByRole('spinbutton', { name: 'Hours worked' });
    expect(await hoursField.inputValue()).toBe('2');
    expect((await dialog.textContent())?.replace(/\s+/g, ' ')).toContain('Ksh 3,000');
    await hoursField.fill('120');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect
      .poll(() => dialog.getByText('Hours worked must be between 0 and 99.99').isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'applications-complete-dialog-1280');
    await hoursField.fill('1.75');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    await expect
      .poll(() => rowOf(page, first.name).locator('[data-status="completed"]').count())
      .toBe(1);
    // Completed is final: a payment (a bonus, a show-up fee) is all that can still be added.
    expect(
      await rowOf(page, first.name)
        .getByRole('button', { name: `Add payment for ${first.name}` })
        .isVisible(),
    ).toBe(true);

    const completed = await admin<{ applications: { hoursWorked: string; status: string }[] }>(
      'GET',
      `/api/applications?testId=${study.id}&status=completed`,
    );
    expect(completed.body.applications.map((a) => [a.status, a.hoursWorked])).toEqual([
      ['completed', '1.75'],
    ]);
    expect(await earningsOf(first.api)).toMatchObject({
      pendingPayments: '3000.00',
      totalEarned: '3000.00',
      completedTests: 1,
    });

    // The pending payment is in the Payments tab.
    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByRole('searchbox', { name: 'Search payments' }).fill(first.email);
    await expect.poll(() => rowOf(page, first.name).count()).toBe(1);
    const payment = rowOf(page, first.name);
    expect(await payment.locator('[data-status="pending"]').count()).toBe(1);
    expect((await payment.textContent())?.replace(/\s+/g, ' ')).toContain('Ksh 3,000');

    // Declining the second now, confirmed: final, no further steps.
    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByRole('searchbox', { name: 'Search participants' }).fill(second.email);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: `More actions for ${second.name}` }).click();
    await page.getByRole('menuitem', { name: `Decline ${second.name}` }).click();
    await page
      .getByRole('alertdialog', { name: `Decline ${second.name}?` })
      .getByRole('button', { name: 'Decline' })
      .click();
    await expect
      .poll(() => rowOf(page, second.name).locator('[data-status="declined"]').count())
      .toBe(1);
    expect(await rowOf(page, second.name).getByText('No further steps').isVisible()).toBe(true);

    expectNoProblems(t);
    await t.close();
  });

  it('explains a refused move (409 Study is full) and shows the no-match state, at phone width', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin);
    const tag = suffix();
    const first = await applicant(study.id, 'Achieng', `Odhiambo${tag}`);
    const second = await applicant(study.id, 'Kiprono', `Rotich${tag}`);

    const t = await adminOnTab('applications', 375);
    const { page } = t;
    await choose(page, 'Study', study.title);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    await expectNoAxeViolations(page);
    await shot(page, 'applications-375');

    // Another admin takes the last place behind this screen's back.
    const list = await admin<{ applications: { id: string; participant: { email: string } }[] }>(
      'GET',
      `/api/applications?testId=${study.id}`,
    );
    const firstId = list.body.applications.find((a) => a.participant.email === first.email)!.id;
    expect(
      (await admin('PUT', `/api/applications/${firstId}/status`, { status: 'scheduled' })).status,
    ).toBe(200);

    await page.getByRole('button', { name: `Schedule ${second.name}` }).click();
    await expect.poll(() => toastShown(page, 'Failed to update application')).toBe(true);
    expect(await page.getByText('Study is full', { exact: true }).first().isVisible()).toBe(true);
    // The list refreshed: the place is taken, scheduling is off.
    await expect
      .poll(() => page.getByRole('button', { name: `Schedule ${second.name}` }).isDisabled())
      .toBe(true);
    await shot(page, 'applications-full-toast-375');

    await page.getByRole('searchbox', { name: 'Search participants' }).fill(`nobody-${tag}`);
    await expect
      .poll(() => page.getByText('No applications match these filters.').isVisible())
      .toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);

    expectNoProblems(t, [409]);
    await t.close();
  });

  it('shows each application as a card on a phone: status, places and actions without scrolling sideways', async () => {
    const admin = await adminApi();
    const study = await createActiveStudy(admin);
    const person = await applicant(study.id, 'Nyokabi', `Wambui${suffix()}`);

    const t = await adminOnTab('applications', 375);
    const { page } = t;
    await choose(page, 'Study', study.title);
    const card = page.getByRole('list', { name: 'Applications' }).getByRole('listitem');
    await expect.poll(() => card.count()).toBe(1);
    // The table is not shown: the card is the one layout on a phone.
    expect(await page.getByRole('table').count()).toBe(0);
    const text = (await card.textContent())?.replace(/\s+/g, ' ') ?? '';
    for (const shown of [person.name, person.email, study.title, 'Ksh 1,500', '2 hours', '0/1'])
      expect(text).toContain(shown);
    expect(await card.locator('[data-status="interested"]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // The actions are on screen, not scrolled off to the right.
    const schedule = card.getByRole('button', { name: `Schedule ${person.name}` });
    const more = card.getByRole('button', { name: `More actions for ${person.name}` });
    for (const button of [schedule, more]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await expectNoAxeViolations(page);
    await shot(page, 'applications-cards-375');

    await schedule.click();
    await expect.poll(() => toastShown(page, 'Application updated')).toBe(true);
    await expect.poll(() => card.locator('[data-status="scheduled"]').count()).toBe(1);
    expect(await card.getByText('FULL').first().isVisible()).toBe(true);
    const complete = card.getByRole('button', { name: `Complete ${person.name}` });
    await expect.poll(() => complete.isVisible()).toBe(true);

    await more.click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(
      await menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent)),
    ).toEqual(['Unschedule', 'Add payment…', 'Decline']);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectNoAxeViolations(page);
    await shot(page, 'applications-cards-scheduled-375');

    expectNoProblems(t);
    await t.close();
  });
});
