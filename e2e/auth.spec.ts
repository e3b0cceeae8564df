import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { descriptionOf, PHONE_HINT_TEXT } from './support/kit';
import { mailTo, resetLinkIn } from './support/mail-catcher';

const session = useBrowser();
const serverLog = inject('serverLog');
const mailDir = inject('mailDir');
const PASSWORD = 'Savanna-Lantern-77';

function newPerson() {
  const id = crypto.randomBytes(3).toString('hex');
  return {
    firstName: 'Achieng',
    lastName: 'Wambui',
    email: `achieng.${id}@example.com`,
    phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
  };
}

async function registerThroughApi(person = newPerson()) {
  const res = await fetch(`${session.baseUrl}/api/participants/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...person, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  return person;
}

describe('participant sign-up, sign-in, session and logout', () => {
  it('signs up straight in to the dashboard, keeps the session on reload, and logs out', async () => {
    const t = await session.newPage();
    const { page } = t;
    const person = newPerson();
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone number').fill(person.phone);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    // The invitation choice is its own box, unticked until chosen (decisions.md section 10).
    const invite = page.getByRole('checkbox', { name: 'Invite me to studies that fit me' });
    expect(await invite.isChecked()).toBe(false);
    await invite.click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Signed in at once (no second typing of the password), as registration does.
    await page.waitForURL('**/participant/dashboard');
    const consent = await page.evaluate(async () => (await fetch('/api/me/consent')).json());
    expect(consent.consent.inviteOptIn).toBe(true);
    await expect
      .poll(() => page.getByText('Account created successfully!').first().isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Achieng');

    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Achieng');
    const sessionAnswer = await page.evaluate(async () =>
      (await fetch('/api/auth/session')).json(),
    );
    expect(sessionAnswer.user.email).toBe(person.email);

    await page.getByRole('button', { name: /Account menu for Achieng Wambui/ }).click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain(person.email);
    await page.getByRole('menuitem', { name: /Log ?out/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const stored = await page.evaluate(() => [
      localStorage.getItem('user'),
      localStorage.getItem('participant'),
      localStorage.getItem('admin'),
    ]);
    expect(stored).toEqual([null, null, null]);
    const after = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
    expect(after.user).toBeNull();
    await expect
      .poll(() => page.getByRole('link', { name: 'Login / Sign up' }).first().isVisible())
      .toBe(true);
    expectNoProblems(t);
    await t.close();
  });

  it("shows the server's field error when the e-mail is taken", async () => {
    const person = await registerThroughApi();
    const t = await session.newPage();
    const { page } = t;
    await page.goto('/login?tab=signup');
    await page.getByLabel('First name').fill('Other');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Phone number').fill(`+2547${crypto.randomInt(10_000_000, 100_000_000)}`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => page.getByText('An account with this email already exists').first().isVisible())
      .toBe(true);
    expectNoProblems(t, [409]);
    await t.close();
  });

  it('sends a visitor without a session from the dashboards to the right sign-in page', async () => {
    const t = await session.newPage();
    await t.page.goto('/participant/dashboard');
    await t.page.waitForURL('**/participant/login');
    await t.page.goto('/admin/dashboard');
    await t.page.waitForURL('**/admin/login');
    expectNoProblems(t);
    await t.close();
  });
});

describe('phone hint', () => {
  it('tells the sign-up form which phone formats are taken, read with the field', async () => {
    const t = await session.newPage({ width: 375 });
    await t.page.goto('/login?tab=signup');
    const phone = t.page.getByLabel('Phone number');
    await phone.waitFor();
    expect(await descriptionOf(phone)).toContain(PHONE_HINT_TEXT);
    await t.close();
  });
});

describe('admin sign-in', () => {
  it('shows only Sign In under "Admin Portal", with an empty form, and lands on the admin dashboard', async () => {
    const t = await session.newPage();
    const { page } = t;
    await page.goto('/admin/login');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Admin Portal');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    await expectNoAxeViolations(page);

    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    expectNoProblems(t);
    await t.close();
  });
});

describe('lockout', () => {
  it('tells the user after 5 failed sign-ins that the account is locked and when to retry', async () => {
    const person = await registerThroughApi();
    const t = await session.newPage();
    const { page } = t;
    await page.clock.install();
    await page.goto('/login');
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password').fill(`Wrong-guess-${i}`);
      const answered = page.waitForResponse('**/api/auth/signin');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await answered;
    }
    await expect
      .poll(() =>
        page
          .getByText(/locked; try again in 15 minutes/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(page.url()).toContain('/login');

    // The message stays in the form after the 5 s toast has gone (on the page's clock),
    // with the way out.
    const alert = page.locator('form [role="alert"]');
    expect(await alert.textContent()).toMatch(/locked; try again in 15 minutes/);
    await page.clock.runFor(6000);
    await expect.poll(() => page.locator('li[data-state="open"]').count()).toBe(0);
    expect(await alert.isVisible()).toBe(true);
    expect(await alert.textContent()).toContain('Forgot your password? Reset it');
    await expectNoAxeViolations(page);
    await alert.getByRole('link', { name: 'Reset it' }).click();
    await page.waitForURL('**/forgot-password');
    expectNoProblems(t, [401, 423]);
    await t.close();
  });
});

describe('forgot and reset password', () => {
  it('mails a link (read from the test SMTP server, never from the log) that sets a new password, then signs in with it', async () => {
    const person = await registerThroughApi();
    const t = await session.newPage();
    const { page } = t;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    // The page is loaded lazily: until its own button is there, the sign-in form may still show.
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: /Send/ }).click();
    await expect.poll(() => page.getByText('Check your email').isVisible()).toBe(true);

    // The server sends the mail to the test SMTP server (e2e/support/mail-catcher.ts); read it there.
    let link = '';
    await expect
      .poll(
        () => {
          // The newest mail with a reset link, whatever else this address was sent.
          link =
            mailTo(mailDir, person.email)
              .map((raw) => resetLinkIn(raw))
              .filter((found) => found !== undefined)
              .pop() ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .toContain('/reset-password?token=');
    // Neither the link nor its token is in the server's log.
    const token = new URL(link).searchParams.get('token')!;
    expect(fs.readFileSync(serverLog, 'utf8')).not.toContain(token);

    await page.goto(link);
    const newPassword = 'Fresh-Baobab-Tree-4';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: /password/i }).click();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /Sign in/i })
          .first()
          .isVisible(),
      )
      .toBe(true);

    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/participant/dashboard');
    expectNoProblems(t);
    await t.close();
  });
});

describe('404', () => {
  it("shows '404 Page Not Found' with a 404 status for an unknown route", async () => {
    const t = await session.newPage();
    const response = await t.page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => t.page.getByRole('heading', { level: 1 }).textContent())
      .toBe('404 Page Not Found');
    await expectNoAxeViolations(t.page);
    expectNoProblems(t, [404]);
    await t.close();
  });
});

describe('accessibility of the sign-in screen', () => {
  for (const width of [375, 1280]) {
    it(`has no axe violations on /login at ${width} px, on both tabs`, async () => {
      const t = await session.newPage({ width });
      await t.page.goto('/login');
      await t.page.getByLabel('Email').waitFor();
      await expectNoAxeViolations(t.page);
      await t.page.getByRole('tab', { name: 'Sign Up' }).click();
      await t.page.getByLabel('First name').waitFor();
      await expectNoAxeViolations(t.page);
      await t.close();
    });
  }
});
