import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import {
  adminApi,
  isoDay,
  participant,
  settled,
  shot,
  signedInPage,
  squash,
  suffix,
} from './support/kit';

/**
 * Recruiting in the staff console (decisions.md section 10), by keyboard: who may take part
 * and a screener built in Create test, the live count of eligible participants as the
 * criteria change, inviting, applicants filtered by answer, participants filtered by a
 * profile field, and block and unblock.
 */
const session = useBrowser();

/** Presses `key` with the focus on `locator`, as a keyboard user does. */
async function press(locator: Locator, key = 'Enter') {
  await locator.focus();
  await locator.page().keyboard.press(key);
}

/** Types into a field reached by the keyboard. */
async function typeInto(locator: Locator, text: string) {
  await locator.focus();
  await locator.page().keyboard.press('ControlOrMeta+a');
  await locator.page().keyboard.type(text);
}

/** Opens a select with the keyboard and picks an option by typing its words. */
async function pick(page: Page, trigger: Locator, option: string) {
  // A select whose options are still loading is off: wait for it.
  await expect.poll(() => trigger.isEnabled()).toBe(true);
  await press(trigger, 'Enter');
  await page.getByRole('option', { name: option, exact: true }).waitFor();
  await page.keyboard.type(option);
  await expect
    .poll(() =>
      page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim()),
    )
    .toBe(option);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
}

/** Three people in Lamu aged 96 (a profile no other spec gives), two opted in to invitations. */
async function lamuPeople(surname: string) {
  const people = [];
  for (const [first, gender, inviteOptIn] of [
    ['Amina', 'woman', true],
    ['Bakari', 'man', true],
    ['Chausiku', 'woman', false],
  ] as const) {
    const person = await participant(first, surname);
    const res = await person.api('PUT', `/api/participants/${person.id}/profile`, {
      county: 'Lamu',
      dateOfBirth: '1930-03-01',
      gender,
      inviteOptIn,
    });
    expect(res.status).toBe(200);
    people.push(person);
  }
  return people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
}

const countText = (page: Page) => page.getByTestId('match-count').innerText().then(squash);

describe('recruiting in the staff console', () => {
  it(
    'builds criteria and a screener, counts, invites, filters applicants and participants, blocks',
    { timeout: 240_000 },
    async () => {
      const surname = `Lamu${suffix().replace(/\d/g, 'x')}`;
      const [amina, bakari, chausiku] = await lamuPeople(surname);
      const admin = await adminApi();
      const title = `Ferry ticket study ${suffix()}`;

      // ---- Create test, by keyboard -------------------------------------------------------
      const t = await signedInPage(session, { path: '/admin/dashboard?tab=tests' });
      const { page } = t;
      await press(page.getByRole('button', { name: 'Create test' }));
      const dialog = page.getByRole('dialog', { name: 'Create test' });
      await settled(dialog);
      await typeInto(dialog.getByRole('textbox', { name: 'Title', exact: true }), title);
      await typeInto(dialog.getByLabel('Description'), 'Buy a ferry ticket on the phone.');
      await typeInto(dialog.getByLabel('Pay rate (Ksh per hour)'), '800');
      await typeInto(dialog.getByLabel('Duration (hours)'), '1');
      await dialog.getByLabel('Start date').fill(isoDay(2));
      await dialog.getByLabel('End date').fill(isoDay(20));
      await expect.poll(() => countText(page)).toContain('appears once the test is saved');

      // Criteria: Lamu (searched), aged 90 and over.
      await typeInto(dialog.getByLabel('Minimum age'), '90');
      await typeInto(dialog.getByRole('searchbox', { name: 'Search counties' }), 'Lam');
      await press(dialog.getByRole('checkbox', { name: 'Lamu' }), 'Space');
      await expect.poll(() => dialog.getByRole('button', { name: 'Remove Lamu' }).count()).toBe(1);

      // Screener: three questions added, the last moved up, the middle one removed.
      const add = dialog.getByRole('button', { name: 'Add question' });
      const questions = dialog
        .getByRole('list', { name: 'Screener questions' })
        .locator(':scope > li');
      await press(add);
      await typeInto(
        questions.nth(0).getByRole('textbox', { name: 'Question', exact: true }),
        'How old is your phone?',
      );
      await pick(page, questions.nth(0).getByRole('combobox', { name: 'Answer' }), 'A number');
      await press(add);
      await typeInto(
        questions.nth(1).getByRole('textbox', { name: 'Question', exact: true }),
        'Remove me',
      );
      await press(add);
      await typeInto(
        questions.nth(2).getByRole('textbox', { name: 'Question', exact: true }),
        'Do you use M-Pesa every week?',
      );
      await typeInto(
        questions.nth(2).getByRole('textbox', { name: 'Option 1', exact: true }),
        'Yes',
      );
      await typeInto(
        questions.nth(2).getByRole('textbox', { name: 'Option 2', exact: true }),
        'No',
      );
      await pick(
        page,
        questions.nth(2).getByRole('combobox', { name: 'Option 2 rule' }),
        'Disqualifies',
      );
      expect(await questions.nth(2).getByLabel('Question id').inputValue()).toBe(
        'do-you-use-m-pesa-every-week',
      );
      // A change of kind sets the options aside (said so) and brings them back.
      const kind2 = questions.nth(2).getByRole('combobox', { name: 'Answer' });
      await pick(page, kind2, 'A number');
      await expect
        .poll(() => questions.nth(2).getByTestId('kind-set-aside').innerText())
        .toContain('its 2 options');
      await pick(page, kind2, 'Several choices');
      expect(
        await questions.nth(2).getByRole('textbox', { name: 'Option 2', exact: true }).inputValue(),
      ).toBe('No');
      await pick(page, kind2, 'One choice');
      await press(questions.nth(2).getByRole('button', { name: /Move up/ }));
      await expect
        .poll(() => dialog.getByRole('status').filter({ hasText: 'Moved' }).innerText())
        .toContain('to position 2 of 3');
      await press(questions.nth(2).getByRole('button', { name: 'Remove question 3' }));
      await expect.poll(() => questions.count()).toBe(2);
      expect(
        await questions.nth(1).getByRole('textbox', { name: 'Question', exact: true }).inputValue(),
      ).toBe('Do you use M-Pesa every week?');
      // The preview shows what applicants see, without the rules.
      const preview = dialog.getByRole('list', { name: 'Screener preview' });
      expect(squash(await preview.innerText())).toContain('Do you use M-Pesa every week?');
      expect(await preview.getByText('Disqualifies').count()).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, 'recruiting-create-1280');
      await press(dialog.getByRole('button', { name: 'Create test' }));
      await dialog.waitFor({ state: 'detached' });

      const list = await admin<{
        tests: { id: string; title: string; screener: { id: string }[] }[];
      }>('GET', '/api/tests');
      const study = list.body.tests.find((s) => s.title === title)!;
      expect(study.screener.map((q) => q.id)).toEqual([
        'how-old-is-your-phone',
        'do-you-use-m-pesa-every-week',
      ]);
      expect(
        (await admin('PUT', `/api/tests/${study.id}/status`, { status: 'active' })).status,
      ).toBe(200);

      // ---- Edit: the count follows the criteria -------------------------------------------
      await page.goto(`/admin/test/${study.id}`);
      await press(page.getByRole('button', { name: /^Edit/ }));
      const edit = page.getByRole('dialog', { name: 'Edit test' });
      await settled(edit);
      await expect.poll(() => countText(page)).toBe('3 eligible · 2 can be invited');
      await press(edit.getByRole('checkbox', { name: 'Woman' }), 'Space');
      await expect.poll(() => countText(page)).toBe('2 eligible · 1 can be invited');
      await press(edit.getByRole('button', { name: 'Save changes' }));
      await edit.waitFor({ state: 'detached' });

      // ---- Invite ----------------------------------------------------------------------------
      await press(page.getByRole('button', { name: 'Invite participants' }));
      const invite = page.getByRole('dialog', { name: 'Invite participants' });
      await settled(invite);
      await expect
        .poll(() => invite.getByTestId('invite-matches').innerText().then(squash))
        .toContain('2 eligible (not yet applied) · 1 can be invited');
      // The cooldown in its configured length (INVITE_COOLDOWN_DAYS, 7 by default).
      expect(squash(await invite.getByTestId('invite-matches').innerText())).toContain(
        'not invited to any study in the last 7 days',
      );
      await typeInto(invite.getByLabel('How many to invite'), '1');
      await expectNoAxeViolations(page);
      await press(invite.getByRole('button', { name: 'Invite', exact: true }));
      await expect
        .poll(() => invite.getByTestId('invite-result').innerText().then(squash))
        .toBe('Invited 1 participant. Skipped: 1 not opted in to invitations.');
      await page.keyboard.press('Escape');

      // ---- Applicants by answer -------------------------------------------------------------
      const qid = 'do-you-use-m-pesa-every-week';
      for (const [person, answer] of [
        [amina, 'yes'],
        [chausiku, 'no'],
      ] as const) {
        const applied = await person.api('POST', '/api/applications', {
          participantId: person.id,
          testId: study.id,
          answers: { [qid]: answer, 'how-old-is-your-phone': 2 },
        });
        expect(applied.status).toBe(201);
      }
      // From the study's All Applications tab, a link opens the Applications tab on this study.
      await page.goto(`/admin/test/${study.id}`);
      await press(page.getByRole('tab', { name: /^All Applications/ }));
      await press(page.getByRole('link', { name: 'Filter these applicants by their answers' }));
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Study' }).textContent())
        .toBe(title);
      await pick(
        page,
        page.getByRole('combobox', { name: 'Screener question' }),
        'Do you use M-Pesa every week?',
      );
      await pick(page, page.getByRole('combobox', { name: 'Answer' }), 'No');
      const rows = page.locator('tr[data-application-id]');
      await expect.poll(() => rows.count()).toBe(1);
      const row = squash(await rows.first().innerText());
      expect(row).toContain(chausiku.name);
      expect(row).toContain('Disqualified by the screener');
      expect(row).toContain('No (disqualifies)');
      await expectNoAxeViolations(page);
      await shot(page, 'recruiting-applicants-1280');

      // ---- Participants by a profile field; block and unblock -------------------------------
      await page.goto('/admin/dashboard?tab=participants');
      await typeInto(page.getByLabel('Search participants'), surname);
      await press(page.locator('summary', { hasText: 'Filter by profile' }));
      await pick(page, page.getByRole('combobox', { name: 'Gender' }), 'Man');
      await expect
        .poll(() => page.getByTestId('participants-summary').innerText())
        .toBe(`1 participant match “${surname}” with this filter.`);
      const table = page.locator('table');
      expect(squash(await table.innerText())).toContain(bakari.name);
      expect(squash(await table.innerText())).not.toContain(amina.name);

      await press(page.getByRole('button', { name: `View ${bakari.name}` }));
      const detail = page.getByRole('dialog', { name: bakari.name });
      await settled(detail);
      expect(squash(await detail.innerText())).toContain('Lamu');
      await press(detail.getByRole('button', { name: `Block ${bakari.name}` }));
      const confirm = page.getByRole('alertdialog', { name: `Block ${bakari.name}?` });
      await settled(confirm);
      await typeInto(confirm.getByLabel(/Reason/), 'Two accounts');
      await expectNoAxeViolations(page);
      await press(confirm.getByRole('button', { name: 'Block', exact: true }));
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => detail.getByText('Reason: Two accounts').count()).toBe(1);
      await press(detail.getByRole('button', { name: `Unblock ${bakari.name}` }));
      const undo = page.getByRole('alertdialog', { name: `Unblock ${bakari.name}?` });
      await settled(undo);
      await press(undo.getByRole('button', { name: 'Unblock', exact: true }));
      await undo.waitFor({ state: 'detached' });
      await expect
        .poll(() => detail.getByRole('button', { name: `Block ${bakari.name}` }).count())
        .toBe(1);
      expectNoProblems(t);
      await t.close();
    },
  );

  it('fits a phone: the create dialog and the participants filters at 375 px', async () => {
    const t = await signedInPage(session, {
      width: 375,
      height: 800,
      path: '/admin/dashboard?tab=tests',
    });
    const { page } = t;
    await press(page.getByRole('button', { name: 'Create test' }));
    const dialog = page.getByRole('dialog', { name: 'Create test' });
    await settled(dialog);
    await press(dialog.getByRole('button', { name: 'Add question' }));
    await typeInto(
      dialog.getByRole('textbox', { name: 'Question', exact: true }),
      'Which phone do you use?',
    );
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-create-375');
    await page.keyboard.press('Escape');
    await page.goto('/admin/dashboard?tab=participants');
    await press(page.locator('summary', { hasText: 'Filter by profile' }));
    await expectNoAxeViolations(page);
    await shot(page, 'recruiting-participants-375');
    expectNoProblems(t);
    await t.close();
  });
});
