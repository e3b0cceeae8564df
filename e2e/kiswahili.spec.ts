import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Namespace } from '@/shared/i18n/namespaces';
import { localizedPath, publicPagePaths } from '@/shared/paths';
import { site } from '@/shared/site';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { englishLeftovers, message } from './support/catalogues';
import { mailTo } from './support/mail-catcher';
import { E2E_ADMIN } from './support/accounts';
import { adminApi, apiAs, createActiveStudy, shot } from './support/kit';
import { signInCookie } from './support/sign-in';

const session = useBrowser();

/** The namespaces a public page may draw on. */
const PUBLIC_NAMESPACES: Namespace[] = [
  'common',
  'ui',
  'home',
  'about',
  'services',
  'research',
  'leads',
  'validation',
  'legal',
];

describe('the public pages in Kiswahili (decisions.md section 13)', () => {
  it('every public page has a prerendered /sw twin in Kiswahili that names its English twin, with no English left, at 375 px', async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    for (const path of publicPagePaths) {
      const swPath = localizedPath(path, 'sw');
      // As prerendered, before any script runs.
      const html = await (await fetch(`${session.baseUrl}${swPath}`)).text();
      expect(html, swPath).toMatch(/<html lang="sw"/);
      // The build bakes its SITE_ORIGIN into the links; the path is what matters here.
      expect(html, swPath).toMatch(new RegExp(`hrefLang="en" href="https?://[^/"]+${path}"`));
      const response = await t.page.goto(swPath);
      expect(response?.status(), swPath).toBe(200);
      await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('sw');
      expect(await englishLeftovers(t.page, PUBLIC_NAMESPACES), swPath).toEqual([]);
      // Nothing wider than the phone: Kiswahili words are longer than English ones.
      expect(
        await t.page.evaluate(() => document.documentElement.scrollWidth),
        `${swPath} scrolls sideways`,
      ).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(t.page);
      await shot(t.page, `sw${path === '/' ? '-home' : path.replaceAll('/', '-')}-375`);
    }
    expectNoProblems(t);
    await t.close();
  });

  it('the English pages name their Kiswahili twins and stay English', async () => {
    for (const path of publicPagePaths) {
      const html = await (await fetch(`${session.baseUrl}${path}`)).text();
      expect(html, path).toMatch(/<html lang="en"/);
      expect(html, path).toMatch(
        new RegExp(`hrefLang="sw" href="https?://[^/"]+${localizedPath(path, 'sw')}"`),
      );
    }
  });

  it('the switch in the header takes a visitor to the Kiswahili twin, and the choice is kept in the lang cookie across a reload', async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    await t.page.goto('/about');
    await t.page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click();
    await expect.poll(() => new URL(t.page.url()).pathname).toBe('/sw/about');
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('sw');
    // Written by the page's scripts, which load once it has painted.
    await expect
      .poll(async () => (await t.context.cookies()).find((c) => c.name === 'lang')?.value)
      .toBe('sw');
    await t.page.reload();
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('sw');
    // And back: the English twin, and the cookie follows.
    await t.page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect.poll(() => new URL(t.page.url()).pathname).toBe('/about');
    await expect
      .poll(async () => (await t.context.cookies()).find((c) => c.name === 'lang')?.value)
      .toBe('en');
    expectNoProblems(t);
    await t.close();
  });

  it('staff on a Kiswahili page get the way back to English, and their visit chooses no language', async () => {
    const cookie = await signInCookie(session.baseUrl, E2E_ADMIN);
    const t = await session.newPage();
    await t.context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return { name, value, url: session.baseUrl };
      }),
    );
    await t.page.goto('/sw/about');
    // The session has answered (the account corner is no longer held), and the switch to
    // English is there for them too.
    await expect
      .poll(() => t.page.getByRole('banner').locator('[data-slot="skeleton"]').count())
      .toBe(0);
    const english = t.page.getByRole('banner').getByRole('link', { name: 'English' });
    await english.waitFor();
    expect((await t.context.cookies()).find((c) => c.name === 'lang')).toBeUndefined();
    await english.click();
    await expect.poll(() => new URL(t.page.url()).pathname).toBe('/about');
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expectNoProblems(t);
    await t.close();
  });

  it('/ never redirects by Accept-Language', async () => {
    const res = await fetch(`${session.baseUrl}/`, {
      headers: { 'accept-language': 'sw-KE,sw;q=0.9' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html lang="en"/);
  });
});

const PASSWORD = 'Mlima-Kenya-Alfajiri-47';
const PARTICIPANT_NAMESPACES: Namespace[] = [
  'common',
  'ui',
  'registration',
  'dashboard',
  'profile',
  'auth',
  'validation',
];

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const visible = (page: Page, text: string) => page.getByText(text).first().isVisible();

describe('a participant in Kiswahili (decisions.md section 13)', () => {
  it('registers from a Kiswahili page, sees the dashboard, applies and opens profile settings in Kiswahili at 375 px; the choice survives signing in elsewhere and a reload; mail comes in Kiswahili', async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    const { page } = t;
    const id = crypto.randomBytes(3).toString('hex');
    const person = {
      firstName: 'Achieng',
      lastName: 'Mwangi',
      email: `achieng.${id}@example.com`,
      phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
    };

    // A visitor reads the Kiswahili home page, then goes to register: the form is in Kiswahili.
    await page.goto('/sw');
    await expect.poll(() => lang(page)).toBe('sw');
    // Once the page runs, landing on it in Kiswahili is the visitor's choice.
    await expect
      .poll(async () => (await t.context.cookies()).find((c) => c.name === 'lang')?.value)
      .toBe('sw');
    await page.goto('/participant/registration');
    await expect.poll(() => lang(page)).toBe('sw');
    await expect.poll(() => h1(page)).toBe(message('sw', 'registration', 'title'));
    await page.getByRole('button', { name: message('sw', 'registration', 'submit') }).click();
    // The shared schema's messages, in Kiswahili.
    await expect
      .poll(() => visible(page, message('sw', 'validation', 'firstNameRequired')))
      .toBe(true);
    await expect.poll(() => visible(page, message('sw', 'validation', 'terms'))).toBe(true);
    expect(await englishLeftovers(page, PARTICIPANT_NAMESPACES)).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-registration-375');

    await page.locator('input[name="firstName"]').fill(person.firstName);
    await page.locator('input[name="lastName"]').fill(person.lastName);
    await page.locator('input[name="email"]').fill(person.email);
    await page.locator('input[name="phone"]').fill(person.phone);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page
      .getByRole('checkbox', { name: message('sw', 'registration', 'terms.label') })
      .click();
    await page.getByRole('button', { name: message('sw', 'registration', 'submit') }).click();
    await page.waitForURL('**/participant/dashboard');
    await expect
      .poll(() => h1(page))
      .toBe(message('sw', 'dashboard', 'welcome').replace('{name}', person.firstName));
    expect(await englishLeftovers(page, PARTICIPANT_NAMESPACES)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'the dashboard scrolls sideways',
    ).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-dashboard-375');

    // The profile remembers the language the participant registered in.
    const participantApi = await apiAs(person.email, PASSWORD);
    const session1 = await participantApi<{ user: { id: string; language: string } }>(
      'GET',
      '/api/auth/session',
    );
    expect(session1.body.user.language).toBe('sw');

    // Applying, in Kiswahili.
    const study = await createActiveStudy(await adminApi(), {
      title: `Utafiti wa programu ya akiba ${id}`,
      maxParticipants: 5,
    });
    await page.reload();
    const card = page.getByRole('article', { name: study.title });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card
      .getByRole('button', {
        name: message('sw', 'dashboard', 'apply.buttonLabel').replace('{title}', study.title),
      })
      .click();
    await expect
      .poll(() => visible(page, message('sw', 'dashboard', 'apply.submitted')))
      .toBe(true);
    await page.getByRole('tab', { name: message('sw', 'dashboard', 'tab.applications') }).click();
    await expect
      .poll(() => page.getByRole('article', { name: study.title }).isVisible())
      .toBe(true);
    expect(await englishLeftovers(page, PARTICIPANT_NAMESPACES)).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-applications-375');

    // Profile settings, in Kiswahili.
    await page.goto('/profile/settings');
    await expect.poll(() => h1(page)).toBe(message('sw', 'profile', 'settings.title'));
    expect(await englishLeftovers(page, PARTICIPANT_NAMESPACES)).toEqual([]);
    await expectNoAxeViolations(page);
    await shot(page, 'sw-profile-settings-375');
    expectNoProblems(t);
    await t.close();

    // Another browser, no cookie: the sign-in page is English; signing in brings Kiswahili back,
    // and it stays after a reload.
    const other = await session.newPage({ width: 375, height: 800 });
    await other.page.goto('/login');
    await expect.poll(() => lang(other.page)).toBe('en');
    await other.page.getByLabel('Email').fill(person.email);
    await other.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await other.page.waitForURL('**/participant/dashboard');
    await expect.poll(() => lang(other.page)).toBe('sw');
    await expect
      .poll(() => h1(other.page))
      .toBe(message('sw', 'dashboard', 'welcome').replace('{name}', person.firstName));
    await other.page.reload();
    await expect.poll(() => lang(other.page)).toBe('sw');
    await expect
      .poll(async () => (await other.context.cookies()).find((c) => c.name === 'lang')?.value)
      .toBe('sw');
    expectNoProblems(other);
    await other.close();

    // A password reset asked for from an English page still writes to her in Kiswahili.
    const before = mailTo(inject('mailDir'), person.email).length;
    const asked = await fetch(`${session.baseUrl}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ email: person.email }),
    });
    expect(asked.status).toBe(202);
    await expect.poll(() => mailTo(inject('mailDir'), person.email).length).toBeGreaterThan(before);
    const mail = mailTo(inject('mailDir'), person.email).at(-1)!;
    expect(mail).toContain(
      `Subject: ${message('sw', 'mail', 'passwordReset.subject').replace('{siteName}', site.name)}`,
    );
  });
});
