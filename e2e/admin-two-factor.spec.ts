import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts';
import {
  expectNoAxeViolations,
  expectNoProblems,
  type TestPage,
  useBrowser,
} from './support/browser';
import { isFocused, settled, shot, signedInPage } from './support/kit';
import { useOwnServer } from './support/own-server';
import { codeSource } from './support/two-factor';

/**
 * decisions.md section 11, walked by keyboard: the e2e super admin is told to set up two-step
 * sign-in before creating an admin, enrols on the profile screen (the key is read as the
 * screen shows it and the codes computed with the same TOTP library), saves the recovery
 * codes, creates an admin through the step-up dialog (a wrong code first), signs out, signs
 * in with a code and with a recovery code. axe finds nothing at 375 and 1280 px. Enrolling
 * ends the admin's other sessions, so the file has a server of its own.
 */
const session = useBrowser();
const server = useOwnServer();

const PASSWORD = 'Rift-Valley-Heron-28';
const uniqueEmail = () => `keyholder.${crypto.randomBytes(4).toString('hex')}@example.com`;

/** Keyboard only: the focus is put on the control, then the key is pressed. */
async function press(locator: Locator, key = 'Enter') {
  await locator.focus();
  await locator.page().keyboard.press(key);
}
async function type(locator: Locator, text: string) {
  await locator.focus();
  await locator.page().keyboard.press('ControlOrMeta+a');
  await locator.page().keyboard.press('Backspace');
  await locator.page().keyboard.type(text);
}
const toast = (page: Page, title: string) =>
  page.locator('li[data-state="open"]').filter({ hasText: title });
const fitsWidth = (page: Page, width: number) =>
  page.evaluate((w) => document.documentElement.scrollWidth <= w, width);

async function fillCreateAdmin(page: Page, email: string) {
  await type(page.getByLabel('Username (e-mail)'), email);
  await type(page.getByLabel('Password', { exact: true }), PASSWORD);
  await press(page.getByLabel('Password', { exact: true }));
}

describe('two-step sign-in for admins', () => {
  it(
    'enrols, creates an admin through the step-up dialog, and signs in with a code and with a recovery code, by keyboard; axe clean at 375 and 1280 px',
    { timeout: 180_000 },
    async () => {
      const t: TestPage = await signedInPage(session, {
        baseUrl: server.baseUrl,
        width: 375,
        path: '/admin/dashboard?tab=admins',
      });
      const { page } = t;

      // Not enrolled: creating an admin explains what to do and links to the profile screen.
      await page.getByRole('list', { name: 'Admins' }).waitFor();
      await fillCreateAdmin(page, uniqueEmail());
      const enrolDialog = page.getByRole('dialog', { name: 'Set up two-step sign-in first' });
      await settled(enrolDialog);
      expect(await isFocused(enrolDialog.getByRole('button', { name: 'Not now' }))).toBe(true);
      await shot(page, '2fa-375-enrol-required');
      await expectNoAxeViolations(page);
      await press(enrolDialog.getByRole('link', { name: 'Set up two-step sign-in' }));
      await page.waitForURL('**/profile/settings?tab=security');

      // Enrol: the QR code and the key as text; the code computed from the key shown.
      const section = page.getByRole('region', { name: 'Two-step sign-in' });
      await press(section.getByRole('button', { name: 'Set up two-step sign-in' }));
      const key = section.getByTestId('two-factor-secret');
      await key.waitFor();
      const secret = ((await key.textContent()) ?? '').replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const qr = section.getByRole('img', { name: /QR code/ });
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await fitsWidth(page, 375)).toBe(true);
      await shot(page, '2fa-375-setup');
      await expectNoAxeViolations(page);

      const codes = codeSource(secret);
      const firstCode = section.getByLabel('Code from the app');
      expect(await firstCode.getAttribute('autocomplete')).toBe('one-time-code');
      await type(section.getByLabel('Current password'), E2E_ADMIN.password);
      await type(firstCode, '000000');
      await press(firstCode);
      await expect.poll(() => firstCode.getAttribute('aria-invalid')).toBe('true');
      expect(await section.getByRole('alert').textContent()).toMatch(/not right/);
      await type(firstCode, codes.next());
      await press(firstCode);

      // The recovery codes, once: the focus moves to them.
      const saved = section.getByTestId('recovery-codes');
      await saved.waitFor();
      const recovery = await saved
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allTextContents();
      expect(recovery).toHaveLength(10);
      for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      codes.addRecoveryCodes(recovery.slice(1));
      await expect
        .poll(() => isFocused(saved.getByRole('heading', { name: 'Save your recovery codes' })))
        .toBe(true);
      expect(await fitsWidth(page, 375)).toBe(true);
      await shot(page, '2fa-375-recovery-codes');
      await expectNoAxeViolations(page);
      await press(saved.getByRole('button', { name: 'I have saved them' }));
      await section.getByText('10 of 10 recovery codes left.').waitFor();
      expect(await saved.count()).toBe(0);

      // Creating an admin needs a code on this session: the dialog asks, a wrong code is said
      // and announced, the right one sends the creation again.
      await page.goto('/admin/dashboard?tab=admins');
      await page.getByRole('list', { name: 'Admins' }).waitFor();
      const created = uniqueEmail();
      const creates: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/admin/create')) creates.push(response.status());
      });
      await fillCreateAdmin(page, created);
      const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
      await settled(stepUp);
      const field = stepUp.getByLabel('Authentication code');
      expect(await isFocused(field)).toBe(true);
      expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await field.getAttribute('inputmode')).toBe('numeric');
      await shot(page, '2fa-375-step-up');
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 375, height: 800 });

      await type(field, '000000');
      await press(field);
      const error = stepUp.getByRole('alert');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/not right/);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await type(field, codes.next());
      await press(field);
      await stepUp.waitFor({ state: 'detached' });
      await toast(page, 'Admin created').waitFor();
      await page
        .getByRole('list', { name: 'Admins' })
        .getByRole('listitem')
        .filter({ hasText: created })
        .waitFor();
      expect(creates).toEqual([403, 201]);
      await expectNoAxeViolations(page);

      // Sign out, and in again with a code (1280 px): the code field takes the focus.
      await page.setViewportSize({ width: 1280, height: 900 });
      await press(page.getByRole('button', { name: 'Logout' }));
      // Signing out loads the home page afresh.
      await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
      await page.goto('/admin/login');
      await type(page.getByLabel('Email'), E2E_ADMIN.email);
      await type(page.getByLabel('Password'), E2E_ADMIN.password);
      await press(page.getByLabel('Password'));
      const codeStep = page.getByTestId('sign-in-code-step');
      await codeStep.waitFor();
      expect(await codeStep.textContent()).toContain(E2E_ADMIN.email);
      const signInCode = page.getByLabel('Authentication code');
      await expect.poll(() => isFocused(signInCode)).toBe(true);
      expect(await signInCode.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await signInCode.getAttribute('inputmode')).toBe('numeric');
      await shot(page, '2fa-1280-sign-in-code');
      await expectNoAxeViolations(page);
      await type(signInCode, codes.next());
      await press(signInCode);
      await page.waitForURL('**/admin/dashboard');

      // The code of the sign-in counts as entered: creating an admin asks for nothing more.
      await page.goto('/admin/dashboard?tab=admins');
      await page.getByRole('list', { name: 'Admins' }).waitFor();
      const second = uniqueEmail();
      await fillCreateAdmin(page, second);
      await toast(page, 'Admin created').filter({ hasText: second }).waitFor();
      expect(await stepUp.count()).toBe(0);
      await expectNoAxeViolations(page);

      // Sign out, and in with a recovery code (375 px): used up, 9 left.
      await press(page.getByRole('button', { name: 'Logout' }));
      // Signing out loads the home page afresh.
      await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/admin/login');
      await type(page.getByLabel('Email'), E2E_ADMIN.email);
      await type(page.getByLabel('Password'), E2E_ADMIN.password);
      await press(page.getByLabel('Password'));
      await codeStep.waitFor();
      await press(page.getByRole('button', { name: 'Use a recovery code' }));
      const recoveryField = page.getByLabel('Recovery code');
      await expect.poll(() => isFocused(recoveryField)).toBe(true);
      expect(await recoveryField.getAttribute('inputmode')).toBe('text');
      expect(await fitsWidth(page, 375)).toBe(true);
      await expectNoAxeViolations(page);
      await type(recoveryField, recovery[0]!.toUpperCase());
      await press(recoveryField);
      await page.waitForURL('**/admin/dashboard');
      await page.goto('/profile/settings?tab=security');
      await section.getByText('9 of 10 recovery codes left.').waitFor();
      expect(await fitsWidth(page, 375)).toBe(true);
      await shot(page, '2fa-375-enabled');
      await expectNoAxeViolations(page);

      // Expected refusals only: the wrong codes (400), the step-up and enrolment asks (403), the
      // password alone of an enrolled admin (401 twoFactorRequired).
      expectNoProblems(t, [400, 401, 403]);
      await t.close();
    },
  );
});
