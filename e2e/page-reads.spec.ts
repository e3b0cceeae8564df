import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { signInCookie } from './support/sign-in';

// Decision 042: the text pages' islands read through lib/page-reads.tsx, not TanStack Query.
const session = useBrowser();

/** A sentence only TanStack Query's code holds (its missing-provider error). */
const TANSTACK_QUERY_MARK = 'No QueryClient set';

describe('the reads of a text page', () => {
  it('asks for the session, the studies setting and the figures once for all its islands, and loads no TanStack Query', async () => {
    const t = await session.newPage();
    const { page } = t;
    const asked = new Map<string, number>();
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
    });
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await page.goto('/');
    // The top bar's account corner and the footer's links are hydrated when these answer.
    await expect
      .poll(() => page.getByRole('link', { name: 'Login / Sign up' }).first().isVisible())
      .toBe(true);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect.poll(() => asked.get('/api/settings') ?? 0).toBe(1);
    await expect.poll(() => asked.get('/api/stats') ?? 0).toBe(1);
    expect(asked.get('/api/auth/session')).toBe(1);
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    const withQuery = loaded.filter(({ body }) => body.includes(TANSTACK_QUERY_MARK));
    expect(withQuery.map(({ url }) => url)).toEqual([]);
    expectNoProblems(t);
    await t.close();
  });

  it('has no axe violation while the session is still being asked (the account corner held)', async () => {
    const t = await session.newPage({ width: 375, height: 800 });
    const { page } = t;
    let answer: (() => void) | undefined;
    await page.route('**/api/auth/session', async (route) => {
      await new Promise<void>((resolve) => (answer = resolve));
      await route.continue();
    });
    await page.goto('/sw/about');
    await expect.poll(() => answer !== undefined).toBe(true);
    await expect
      .poll(() => page.getByRole('banner').locator('[data-slot="skeleton"]').count())
      .toBe(1);
    await expectNoAxeViolations(page);
    answer!();
    await expect
      .poll(() => page.getByRole('banner').locator('[data-slot="skeleton"]').count())
      .toBe(0);
    expectNoProblems(t);
    await t.close();
  });

  it('signs a participant out from a text page: the menu brings what it needs, and the page says so', async () => {
    const email = `reader.${crypto.randomBytes(3).toString('hex')}@example.com`;
    const password = 'Savanna-Lantern-77';
    const registered = await fetch(`${session.baseUrl}/api/participants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Wanjiru',
        lastName: 'Kamau',
        email,
        phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
        password,
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = await signInCookie(session.baseUrl, { email, password });
    const t = await session.newPage();
    const { page } = t;
    await t.context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return { name, value, url: session.baseUrl };
      }),
    );
    await page.goto('/about');
    const menu = page.getByRole('button', { name: /Account menu for Wanjiru Kamau/ });
    await menu.click();
    await page.getByRole('menuitem', { name: /Log ?out/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.getByRole('link', { name: 'Login / Sign up' }).first().isVisible())
      .toBe(true);
    const after = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
    expect(after.user).toBeNull();
    expectNoProblems(t);
    await t.close();
  });
});
