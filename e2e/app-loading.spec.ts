import { describe, expect, it } from 'vitest';
import { expectNoProblems, useBrowser } from './support/browser';
import { participant, signedInPage } from './support/kit';

// What a person sees while a signed-in page loads, and where focus lands under the sticky
// top bar (the issue 16 walk at 375 px).
const session = useBrowser();

/** The page's layout-shift score so far (CLS without input exclusions), as Chromium counts it. */
const SHIFT_SCORE = `new Promise((resolve) => {
  let score = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) score += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => resolve(score), 0);
})`;

describe('loading a signed-in page', () => {
  it('keeps the footer below the fold while the dashboard loads: the page does not jump when it arrives', async () => {
    const person = await participant('Achieng', 'Otieno');
    const t = await signedInPage(session, { account: person, width: 375, height: 800 });
    const { page } = t;
    // A slow network: every API answer waits, so the loading state is what is on screen.
    await page.route('**/api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/participant/dashboard');
    await expect
      .poll(
        () =>
          page
            .getByRole('heading', { name: /Available tests/i })
            .first()
            .isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    // Nothing below the fold moved into sight and out again.
    const footerTop = await page
      .locator('#site-footer')
      .evaluate((f) => f.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(800);
    const score = (await page.evaluate(SHIFT_SCORE)) as number;
    expect(score).toBeLessThan(0.1);
    expectNoProblems(t);
    await t.close();
  });
});

describe('focus under the sticky top bar', () => {
  it('scrolls what a link or the focus brings into view to below the top bar, not under it', async () => {
    const t = await session.newPage({ width: 375, height: 700 });
    const { page } = t;
    await page.goto('/services');
    const target = page.getByRole('main').getByRole('link').nth(2);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // As a link to #id does, and as a card taller than the space left does when it takes
    // the focus: its top edge to the top of the scrollport.
    await target.evaluate((link) => link.scrollIntoView());
    const top = await target.evaluate((link) => link.getBoundingClientRect().top);
    const barBottom = await page
      .getByRole('banner')
      .evaluate((bar) => bar.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(barBottom);
    expectNoProblems(t);
    await t.close();
  });
});
