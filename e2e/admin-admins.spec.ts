import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  type Api,
  apiAs,
  choose,
  descriptionOf,
  fieldOrder,
  isFocused,
  PHONE_HINT_TEXT,
  shot,
  signedInPage,
  toastShown,
} from './support/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import { useOwnServer } from './support/own-server';
import { enrolThroughApi } from './support/two-factor';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';

const session = useBrowser();
const PASSWORD = 'Savanna-Kestrel-73';

/**
 * Creating, disabling and re-enabling admins need two-step sign-in and a code entered in the
 * last 5 minutes (decisions.md section 11). This file enrols the e2e super admin, which ends
 * its other sessions and makes its sign-ins take a code, so it has a server of its own; the
 * super admin's pages and API calls share the one stepped-up session made here.
 */
const server = useOwnServer();
let boss: Awaited<ReturnType<typeof enrolThroughApi>>;
beforeAll(async () => {
  boss = await enrolThroughApi(server.baseUrl, E2E_ADMIN);
});

/** The super admin's API client, on its stepped-up session. */
async function bossApi(): Promise<Api> {
  await boss.fresh();
  return boss.api;
}

/** A page of the super admin's stepped-up session, on the admins tab unless `path` says. */
async function bossPage(width = 1280, path = '/admin/dashboard?tab=admins'): Promise<TestPage> {
  await boss.fresh();
  const t = await signedInPage(session, {
    baseUrl: server.baseUrl,
    cookie: boss.cookie,
    width,
    path,
  });
  if (path.endsWith('tab=admins')) await t.page.getByRole('list', { name: 'Admins' }).waitFor();
  return t;
}
const NEW_PASSWORD = 'Turkana-Lakeshore-19';

const uniqueEmail = () => `staff.${crypto.randomBytes(4).toString('hex')}@example.com`;

async function signedInAdminPage(email: string, password: string, width = 1280): Promise<TestPage> {
  const t = await signedInPage(session, {
    account: { email, password },
    width,
    path: '/admin/dashboard?tab=admins',
    baseUrl: server.baseUrl,
  });
  await t.page.getByRole('list', { name: 'Admins' }).waitFor();
  return t;
}

function toast(page: Page, title: string) {
  // Radix renders each toast as a list item of the toast viewport.
  return page.locator('li[data-state="open"]').filter({ hasText: title });
}

async function expectToast(page: Page, title: string, description: string) {
  const found = toast(page, title);
  await found.waitFor();
  expect(await found.textContent()).toContain(description);
}

function adminItem(page: Page, email: string) {
  return page
    .getByRole('list', { name: 'Admins' })
    .getByRole('listitem')
    .filter({ hasText: email });
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const res = await fetch(`${server.baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status === 200;
}

describe('admin management tab', () => {
  it('lets the super admin create an admin, refusing invalid input and a duplicate', async () => {
    const t = await bossPage();
    const { page } = t;
    const me = adminItem(page, E2E_ADMIN.email);
    expect(await me.textContent()).toContain('You');
    expect(await me.textContent()).toContain('Super admin');
    await shot(page, 'admins-1280-super');
    await expectNoAxeViolations(page);

    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/create')) creates.push(request.method());
    });
    const username = page.getByLabel('Username (e-mail)');
    const password = page.getByLabel('Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Create admin' });

    // Invalid input: the spec's toast, the fields say why, nothing is sent.
    await username.fill('not-an-email');
    await password.fill('12345');
    await submit.click();
    await expectToast(
      page,
      'Invalid input',
      'Please provide valid username and password (min 6 characters)',
    );
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    // Each field says its own message under it, not the one sentence under both.
    expect(await descriptionOf(username)).toContain('Please enter a valid email address');
    expect(await descriptionOf(username)).not.toContain('Password');
    expect(await descriptionOf(password)).toContain('Password must be at least 6 characters');
    expect(await descriptionOf(password)).not.toContain('email');
    expect(creates).toEqual([]);
    await expectNoAxeViolations(page);

    // A valid admin is created and listed.
    const email = uniqueEmail();
    await username.fill(email.toUpperCase());
    await password.fill(PASSWORD);
    await submit.click();
    await expectToast(page, 'Admin created', email);
    await adminItem(page, email).waitFor();
    expect(await adminItem(page, email).textContent()).toContain('Admin');
    expect(await adminItem(page, email).textContent()).not.toContain('You');
    expect(await username.inputValue()).toBe('');
    expect(await canSignIn(email, PASSWORD)).toBe(true);

    // The same e-mail again: the server's reason in the failure toast.
    await username.fill(email);
    await password.fill(PASSWORD);
    await submit.click();
    await expectToast(page, 'Failed to create admin', 'An account with this email already exists');
    expect(await adminItem(page, email).count()).toBe(1);
    await shot(page, 'admins-1280-duplicate');
    await expectNoAxeViolations(page);

    expectNoProblems(t, [409]);
    await t.close();
  });

  it('tells a plain admin only a super admin can create admins, and changes their own password with the current one', async () => {
    const email = uniqueEmail();
    const created = await (
      await bossApi()
    )('POST', '/api/admin/create', {
      username: email,
      password: PASSWORD,
    });
    expect(created.status).toBe(201);

    const t = await signedInAdminPage(email, PASSWORD, 375);
    const { page } = t;
    expect(await adminItem(page, email).textContent()).toContain('You');
    await page.getByText('Only a super admin can create admins.').waitFor();
    expect(await page.getByRole('button', { name: 'Create admin' }).count()).toBe(0);
    expect(await page.getByLabel('Username (e-mail)').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await shot(page, 'admins-375-plain');
    await expectNoAxeViolations(page);

    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const change = page.getByRole('button', { name: 'Change password' });

    // Missing current password and a short new one: the spec's toast.
    await next.fill('123');
    await change.click();
    await expectToast(
      page,
      'Invalid input',
      'Please provide current password and new password (min 6 characters)',
    );
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    // A wrong current password: the server's message.
    await current.fill('Not-My-Password-1');
    await next.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await change.click();
    await expectToast(page, 'Failed to update password', 'Current password is incorrect.');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'admins-375-wrong-password');
    await expectNoAxeViolations(page);

    // The right one: changed, and only the new password signs in.
    await current.fill(PASSWORD);
    await next.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await change.click();
    await expectToast(page, 'Password changed!', 'other sessions');
    expect(await current.inputValue()).toBe('');
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    // This page's session was kept.
    expect((await t.context.request.get('/api/admin/list')).status()).toBe(200);

    expectNoProblems(t, [400, 401]);
    await t.close();
  });
});

/** A new plain admin, made by the e2e super admin through the API. */
async function newAdmin(): Promise<string> {
  const email = uniqueEmail();
  const created = await (
    await bossApi()
  )('POST', '/api/admin/create', { username: email, password: PASSWORD });
  expect(created.status).toBe(201);
  return email;
}

describe('disabling and re-enabling admins', () => {
  it('lets the super admin disable an admin behind a confirmation (signed out at once, cannot sign in) and enable them again', async () => {
    const email = await newAdmin();
    // The admin is signed in elsewhere: disabling ends that session too.
    const target = await signedInAdminPage(email, PASSWORD);
    expect((await target.context.request.get('/api/admin/list')).status()).toBe(200);

    const t = await bossPage();
    const { page } = t;
    expect(await adminItem(page, E2E_ADMIN.email).getByRole('button').count()).toBe(0);
    const item = adminItem(page, email);
    await item.getByRole('button', { name: `Disable ${email}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('signed out at once');
    await shot(page, 'admins-1280-disable-confirm');
    await expectNoAxeViolations(page);

    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await target.context.request.get('/api/admin/list')).status()).toBe(200);

    await item.getByRole('button', { name: `Disable ${email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable admin' }).click();
    await expectToast(page, 'Admin disabled', 'can no longer sign in');
    await item.getByText('Disabled', { exact: true }).waitFor();
    // The Disable button was replaced by Enable: the focus moved to it, not to the page.
    await expect
      .poll(() => isFocused(item.getByRole('button', { name: `Enable ${email}` })))
      .toBe(true);
    expect((await target.context.request.get('/api/admin/list')).status()).toBe(401);
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    await shot(page, 'admins-1280-disabled');
    await expectNoAxeViolations(page);

    await item.getByRole('button', { name: `Enable ${email}` }).click();
    await expectToast(page, 'Admin enabled', 'can sign in again');
    await item.getByRole('button', { name: `Disable ${email}` }).waitFor();
    await expect
      .poll(() => isFocused(item.getByRole('button', { name: `Disable ${email}` })))
      .toBe(true);
    expect(await item.getByText('Disabled', { exact: true }).count()).toBe(0);
    expect(await canSignIn(email, PASSWORD)).toBe(true);

    expectNoProblems(t, []);
    await t.close();
    await target.close();
  });

  it('tells apart two admins of the same name by their e-mail, in the button and the confirmation', async () => {
    const [first, second] = [await newAdmin(), await newAdmin()];
    for (const email of [first, second]) {
      const them = await apiAs(email, PASSWORD, server.baseUrl);
      const named = await them('PUT', '/api/admin/profile', {
        firstName: 'Sam',
        lastName: 'Otieno',
        email,
        phone: '',
      });
      expect(named.status).toBe(200);
    }
    const t = await bossPage();
    const { page } = t;
    for (const email of [first, second]) {
      const disable = adminItem(page, email).getByRole('button', {
        name: `Disable Sam Otieno (${email})`,
        exact: true,
      });
      await disable.waitFor();
      expect(
        await page.getByRole('button', { name: `Disable Sam Otieno (${email})` }).count(),
      ).toBe(1);
      await disable.click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').textContent()).toBe(
        `Disable Sam Otieno (${email})?`,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expectNoProblems(t);
    await t.close();
  });

  it('sends an admin whose session ended (disabled by a super admin) to sign in again, saying why', async () => {
    const email = await newAdmin();
    const t = await signedInPage(session, {
      account: { email, password: PASSWORD },
      path: '/admin/dashboard?tab=outbox',
      baseUrl: server.baseUrl,
    });
    const { page } = t;
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();

    const boss = await bossApi();
    const list = await boss<{ admins: { id: string; email: string }[] }>('GET', '/api/admin/list');
    const id = list.body.admins.find((a) => a.email === email)!.id;
    expect((await boss('PUT', `/api/admin/${id}/status`, { status: 'disabled' })).status).toBe(200);

    // The next request of the Outbox tab is answered 401.
    await choose(page, 'Status', 'Failed');
    await page.waitForURL('**/admin/login');
    await expect
      .poll(() => page.getByText('Your session has ended. Please sign in again.').isVisible())
      .toBe(true);
    expect(await page.getByText('Please sign in to continue').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await expectNoAxeViolations(page);

    // A wrong password on the sign-in form is a field matter, not a session that ended.
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => toastShown(page, 'Sign in failed')).toBe(true);
    expect(page.url()).toContain('/admin/login');
    expectNoProblems(t, [401]);
    await t.close();
  });

  it('shows a plain admin no Disable buttons', async () => {
    const email = await newAdmin();
    const t = await signedInAdminPage(email, PASSWORD);
    await adminItem(t.page, E2E_ADMIN.email).waitFor();
    expect(await t.page.getByRole('button', { name: /^Disable/ }).count()).toBe(0);
    await t.close();
  });
});

describe("an admin's profile screen", () => {
  it('is reached from the console by the name it carries (Account settings)', async () => {
    const t = await bossPage(1280, '/admin/dashboard');
    const { page } = t;
    const link = page.getByRole('link', { name: 'Account settings', exact: true });
    await link.first().waitFor();
    expect(await link.count()).toBe(1);
    await link.click();
    await page.waitForURL('**/profile/settings');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Account settings');
    await t.close();
  });

  it('saves their name and phone (shown in E.164), and asks for the current password only to change the e-mail', async () => {
    const email = await newAdmin();
    const t = await signedInPage(session, {
      account: { email, password: PASSWORD },
      path: '/profile/settings',
      width: 375,
      baseUrl: server.baseUrl,
    });
    const { page } = t;
    const first = page.getByLabel('First name');
    await first.waitFor();
    expect(await page.getByText('coming soon').count()).toBe(0);
    await first.fill('Wairimu');
    await page.getByLabel('Last name').fill('Njoroge');
    await page.getByLabel('Phone number').fill('0712 345 678');
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Profile updated!', 'saved');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+254712345678');
    await page.getByText('Wairimu Njoroge').first().waitFor();
    // The avatar shows the person's initials, in the header's account menu and on the page.
    const initials = page.locator('[data-slot="avatar-fallback"]');
    await expect
      .poll(async () => (await initials.allTextContents()).map((t) => t.trim()))
      .toEqual(['WN', 'WN']);
    expect(
      await page
        .getByRole('button', { name: /Wairimu Njoroge/ })
        .locator('[data-slot="avatar"]')
        .count(),
    ).toBe(1);
    await shot(page, 'admin-profile-375-saved');
    await expectNoAxeViolations(page);

    // A new e-mail: the current password appears, right under Email, and is checked.
    const newEmail = uniqueEmail();
    await page.getByLabel('Email').fill(newEmail);
    const current = page.getByLabel('Current password');
    await current.waitFor();
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
    // Missing: the field says so, and no "Update failed" toast is shown.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() =>
        page.getByText('Please enter your current password to change your email.').isVisible(),
      )
      .toBe(true);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(await toast(page, 'Update failed').count()).toBe(0);
    await current.fill('Not-My-Password-1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Update failed', 'Current password is incorrect.');
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);

    await current.fill(PASSWORD);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Profile updated!', 'saved');
    expect(await canSignIn(newEmail, PASSWORD)).toBe(true);
    expect(await canSignIn(email, PASSWORD)).toBe(false);

    // The admin list shows the new name.
    const boss = await bossApi();
    const list = await boss<{ admins: { email: string; firstName: string; status: string }[] }>(
      'GET',
      '/api/admin/list',
    );
    expect(list.body.admins.find((a) => a.email === newEmail)).toMatchObject({
      firstName: 'Wairimu',
      status: 'active',
    });

    expectNoProblems(t, [400, 401]);
    await t.close();
  });
});
