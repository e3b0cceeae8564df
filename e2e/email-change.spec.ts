import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import {
  descriptionOf,
  fieldOrder,
  PHONE_HINT_TEXT,
  signedInPage,
  toastShown,
} from './support/kit';

const session = useBrowser();
const PASSWORD = 'Kilimanjaro-Sunrise-42';

describe('changing the sign-in e-mail from the profile settings', () => {
  it('asks for the current password only when the e-mail changes, then saves the new e-mail', async () => {
    const id = crypto.randomBytes(3).toString('hex');
    const person = {
      firstName: 'Wanjiru',
      lastName: 'Otieno',
      email: `wanjiru.${id}@example.com`,
      phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
    };
    const registered = await fetch(`${session.baseUrl}/api/participants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...person, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);
    const t = await signedInPage(session, {
      account: { email: person.email, password: PASSWORD },
      path: '/profile/settings',
    });
    const { page } = t;
    // By its accessible name: the label's required mark is hidden from it.
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect.poll(() => email.inputValue()).toBe(person.email);
    expect(await page.getByLabel('Current password').count()).toBe(0);

    const newEmail = `wanjiru.new.${id}@example.com`;
    await email.fill(newEmail);
    const current = page.getByLabel('Current password');
    await expect.poll(() => current.isVisible()).toBe(true);
    // As on an admin's profile form: right under Email, the same hints, the same marks.
    expect(await fieldOrder(page)).toEqual([
      'firstName',
      'lastName',
      'email',
      'currentPassword',
      'phone',
    ]);
    expect(await descriptionOf(current)).toContain('Needed to change your sign-in email.');
    expect(await descriptionOf(page.getByLabel('Phone number'))).toContain(PHONE_HINT_TEXT);
    expect(await page.getByText('are required.').count()).toBe(1);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() =>
        page.getByText('Please enter your current password to change your email.').isVisible(),
      )
      .toBe(true);
    expect(await page.getByText('Update failed').count()).toBe(0);
    await expectNoAxeViolations(page);

    await current.fill(PASSWORD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastShown(page, 'Profile updated!')).toBe(true);
    await expect.poll(() => page.getByLabel('Current password').count()).toBe(0);
    const me = await t.context.request.get('/api/auth/session');
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(newEmail);
    expectNoProblems(t);
    await t.close();
  });
});
