import { describe, expect, it } from 'vitest';
import type { Namespace } from '@/shared/i18n/namespaces';
import { localizedPath, publicPagePaths } from '@/shared/paths';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { englishLeftovers } from './support/catalogues';
import { shot } from './support/kit';

const session = useBrowser();

/** The namespaces a public page may draw on. */
const PUBLIC_NAMESPACES: Namespace[] = [
  'common',
  'home',
  'about',
  'services',
  'research',
  'leads',
  'validation',
];

describe('the public pages in Kiswahili (decisions.md section 13)', () => {
  it('every public page has a prerendered /sw twin in Kiswahili that names its English twin, with no English left, at 375 px', async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    for (const path of publicPagePaths) {
      const swPath = localizedPath(path, 'sw');
      // As prerendered, before any script runs.
      const html = await (await fetch(`${session.baseUrl}${swPath}`)).text();
      expect(html, swPath).toMatch(/<html lang="sw"/);
      expect(html, swPath).toContain(`hrefLang="en" href="${new URL(session.baseUrl).origin}`);
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
      expect(html, path).toContain(
        `hrefLang="sw" href="${new URL(session.baseUrl).origin}${localizedPath(path, 'sw')}"`,
      );
    }
  });

  it('the switch in the header takes a visitor to the Kiswahili twin, and the choice is kept in the lang cookie across a reload', async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    await t.page.goto('/about');
    await t.page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click();
    await expect.poll(() => new URL(t.page.url()).pathname).toBe('/sw/about');
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('sw');
    const cookies = await t.context.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('sw');
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

  it('/ never redirects by Accept-Language', async () => {
    const res = await fetch(`${session.baseUrl}/`, {
      headers: { 'accept-language': 'sw-KE,sw;q=0.9' },
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html lang="en"/);
  });
});
