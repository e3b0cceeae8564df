import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { StatsAnswer } from '@/client/api/stats/get-public-stats';
import { formatFigure, statFigures } from '@/client/features/stats/stat-figures';
import { expectNoProblems, type TestPage, useBrowser } from './support/browser';
import { shot } from './support/kit';

const session = useBrowser();

const FALLBACK = ['22K+', '23+', '89+', '3', '79'];
const STAT_KEYS = ['participants', 'companies', 'projects', 'activeTests', 'openSlots'];

const expectedFigures = (answer: StatsAnswer) =>
  statFigures(answer).map((f) => formatFigure(f.value, f.suffix));

function strip(page: Page) {
  return page.getByRole('region', { name: 'Our impact in numbers' });
}

/** What the eye sees (the moving numbers) and what screen readers get (the final figures). */
function shownFigures(page: Page) {
  return page
    .locator('[data-stat] [data-counter]')
    .evaluateAll((els) => els.map((el) => el.textContent));
}
function finalFigures(page: Page) {
  return page
    .locator('[data-stat] [data-final]')
    .evaluateAll((els) => els.map((el) => el.textContent));
}

/** Chromium logs the failed /api/stats answers as console errors, and the harness records the 500s. */
function expectOnlyStatsFailures(t: TestPage) {
  const expected = [
    /^console: Failed to load resource: the server responded with a status of 500/,
    new RegExp(`^500 ${session.baseUrl}/api/stats$`),
  ];
  expect(t.problems.filter((p) => !expected.some((re) => re.test(p)))).toEqual([]);
}

const statsAnswered = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/stats'));

const fixture = {
  participantCount: 2500,
  companiesServed: 7,
  productsOptimized: 4,
  activeTests: 2,
  totalParticipantsNeeded: 15,
};

/**
 * Records the open-slots counter on every animation frame, from before the strip is
 * scrolled into view until `ms` later.
 */
async function recordOpenSlots(page: Page, ms: number): Promise<number[]> {
  // The figures replace the placeholders once the answer (or failure) is in.
  await page.locator('[data-stat="openSlots"] [data-counter]').waitFor({ state: 'attached' });
  const recording = page.evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const el = document.querySelector('[data-stat="openSlots"] [data-counter]');
        const values: number[] = [];
        const startedAt = performance.now();
        const sample = () => {
          values.push(Number(el?.textContent?.replace(/\D/g, '')));
          if (performance.now() - startedAt < duration) requestAnimationFrame(sample);
          else resolve(values);
        };
        sample();
      }),
    ms,
  );
  await strip(page).scrollIntoViewIfNeeded();
  return recording;
}

describe('stats strip on the home page', () => {
  it('holds placeholders of the same size until the answer, telling screen readers no figure, then shows the figures without moving anything', async () => {
    for (const width of [375, 1280]) {
      const t = await session.newPage({ width });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await t.page.route('**/api/stats', async (route) => {
        await held;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify(fixture),
        });
      });
      await t.page.goto('/');
      await strip(t.page).scrollIntoViewIfNeeded();
      expect(await t.page.locator('[data-stat][data-pending]').count()).toBe(5);
      expect(await finalFigures(t.page)).toEqual([]);
      const pending = await strip(t.page).ariaSnapshot();
      for (const figure of FALLBACK) expect(pending).not.toContain(figure);
      expect(pending).toContain('- definition: Loading…');
      const before = (await strip(t.page).boundingBox())!;
      const dd = (await t.page.locator('[data-stat="companies"] dd').boundingBox())!;
      await shot(t.page, `stats-pending-${width}`);
      release();
      await expect.poll(() => finalFigures(t.page)).toEqual(['55K+', '7+', '4+', '2', '15']);
      const after = (await strip(t.page).boundingBox())!;
      expect(after.height).toBe(before.height);
      expect(after.y).toBe(before.y);
      expect((await t.page.locator('[data-stat="companies"] dd').boundingBox())!.height).toBe(
        dd.height,
      );
      await expect.poll(() => shownFigures(t.page)).toEqual(['55K+', '7+', '4+', '2', '15']);
      await shot(t.page, `stats-real-${width}`);
      expectNoProblems(t);
      await t.close();
    }
  });

  it('shows a real answer whole, never beside a fallback figure: a young panel counts its real participants', async () => {
    const t = await session.newPage();
    await t.page.route('**/api/stats', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          participantCount: 5,
          companiesServed: 5,
          productsOptimized: 1,
          activeTests: 0,
          totalParticipantsNeeded: 0,
        }),
      }),
    );
    await Promise.all([statsAnswered(t.page), t.page.goto('/')]);
    await expect.poll(() => finalFigures(t.page)).toEqual(['5', '5+', '1+', '0', '0']);
    expectNoProblems(t);
    await t.close();
  });

  it('shows the fallback figures (22K+, 23+, 89+, 3, 79) when /api/stats fails', async () => {
    const t = await session.newPage();
    await t.page.route('**/api/stats', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await Promise.all([statsAnswered(t.page), t.page.goto('/')]);
    const values = await recordOpenSlots(t.page, 2600);
    expect(values).toContain(0);
    expect(await shownFigures(t.page)).toEqual(FALLBACK);
    expect(await finalFigures(t.page)).toEqual(FALLBACK);
    expect(
      await t.page
        .locator('[data-stat]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-stat'))),
    ).toEqual(STAT_KEYS);
    expectOnlyStatsFailures(t);
    await t.close();
  });

  it('shows the fallback figures when the answer is empty', async () => {
    const t = await session.newPage();
    await t.page.route('**/api/stats', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await Promise.all([statsAnswered(t.page), t.page.goto('/')]);
    await recordOpenSlots(t.page, 2600);
    expect(await shownFigures(t.page)).toEqual(FALLBACK);
    expect(await finalFigures(t.page)).toEqual(FALLBACK);
    expectNoProblems(t);
    await t.close();
  });

  it('computes the figures from the answer: floor(participants / 1000 * 22)K+, and counts up from 0 over about 2 s', async () => {
    const t = await session.newPage();
    await t.page.route('**/api/stats', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(fixture),
      }),
    );
    await Promise.all([statsAnswered(t.page), t.page.goto('/')]);
    const startedAt = Date.now();
    const values = await recordOpenSlots(t.page, 2600);
    const finishedAt = startedAt + 2600;

    // From 0 up to the final figure, never backwards.
    expect(values).toContain(0);
    expect(values.at(-1)).toBe(15);
    const fromZero = values.slice(values.indexOf(0));
    expect(fromZero.every((v, i) => i === 0 || v >= fromZero[i - 1]!)).toBe(true);
    // It takes about 2000 ms: the final figure is reached late in the recording.
    const frames = fromZero.length;
    const firstFinal = fromZero.indexOf(15);
    expect(firstFinal / frames).toBeGreaterThan(0.5);
    expect(Date.now()).toBeGreaterThanOrEqual(finishedAt);

    await expect.poll(() => shownFigures(t.page)).toEqual(['55K+', '7+', '4+', '2', '15']);
    expect(await finalFigures(t.page)).toEqual(['55K+', '7+', '4+', '2', '15']);
    expectNoProblems(t);
    await t.close();
  });

  it('shows the final figures at once when the visitor prefers reduced motion', async () => {
    const t = await session.newPage();
    await t.page.emulateMedia({ reducedMotion: 'reduce' });
    await t.page.route('**/api/stats', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify(fixture),
      }),
    );
    await Promise.all([statsAnswered(t.page), t.page.goto('/')]);
    await expect.poll(() => finalFigures(t.page)).toEqual(['55K+', '7+', '4+', '2', '15']);
    const values = await recordOpenSlots(t.page, 600);
    expect(values.every((v) => v === 15)).toBe(true);
    expectNoProblems(t);
    await t.close();
  });

  it('shows the figures computed from the real /api/stats, readable once by screen readers', async () => {
    // Real participants, so the live figures differ from the fallback ones.
    for (let i = 0; i < 2; i++) {
      const id = crypto.randomBytes(4).toString('hex');
      const res = await fetch(`${session.baseUrl}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Amani',
          lastName: 'Mwangi',
          email: `amani.${id}@example.com`,
          phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
          password: 'Baobab-Lantern-58',
        }),
      });
      expect(res.status).toBe(201);
    }
    // The server caches the figures for a few seconds: wait until they include the sign-ups.
    const live = async () =>
      (await (await fetch(`${session.baseUrl}/api/stats`)).json()) as StatsAnswer;
    await expect
      .poll(async () => (await live())?.participantCount ?? 0, { timeout: 10_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);

    // Files running beside this one add participants and studies at any moment: the page is
    // held to the answer it got itself, not to the one fetched above.
    const t = await session.newPage();
    const [seen] = await Promise.all([statsAnswered(t.page), t.page.goto('/')]);
    const pageAnswer = (await seen.json()) as StatsAnswer;
    expect(pageAnswer?.participantCount ?? 0).toBeGreaterThanOrEqual(2);
    const expected = expectedFigures(pageAnswer);
    expect(expected).not.toEqual(FALLBACK);
    await strip(t.page).scrollIntoViewIfNeeded();
    await expect.poll(() => shownFigures(t.page), { timeout: 5000 }).toEqual(expected);
    expect(await finalFigures(t.page)).toEqual(expected);

    // Screen readers get each label with its final figure once; the moving number is hidden.
    const snapshot = await strip(t.page).ariaSnapshot();
    expect(snapshot).toContain(`- term: Research participants\n`);
    const definitions = snapshot
      .split('\n')
      .filter((line) => line.includes('- definition:'))
      .map((line) => line.replace(/^.*- definition: "?|"?$/g, ''));
    expect(definitions).toEqual(expected);
    expect(
      await t.page.locator('[data-stat] [data-counter]').first().getAttribute('aria-hidden'),
    ).toBe('true');
    expect(await strip(t.page).locator('[aria-live]').count()).toBe(0);
    expectNoProblems(t);
    await t.close();
  });

  it('asks /api/stats again every 30 seconds', async () => {
    const t = await session.newPage();
    // The page's clock stands still unless the test moves it, so the time between an answer
    // and the next request is the page's 30 s alone, not that plus however long this busy
    // machine took to deliver the answer.
    await t.page.clock.install();
    await t.page.clock.pauseAt(Date.now() + 60_000);
    let requests = 0;
    await t.page.route('**/api/stats', (route) => {
      requests += 1;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ...fixture, activeTests: requests }),
      });
    });
    /**
     * Steps the clock a few milliseconds at a time (React and TanStack Query hand work on
     * with timers) until the page shows answer `n`: the 30 s count from there.
     */
    const answerShown = (n: number) =>
      expect
        .poll(async () => {
          await t.page.clock.runFor(20);
          return (await finalFigures(t.page))[3];
        })
        .toBe(String(n));

    await t.page.goto('/');
    await answerShown(1);
    expect(requests).toBe(1);
    await t.page.clock.runFor(29_000);
    expect(requests).toBe(1);
    await t.page.clock.runFor(2_000);
    await expect.poll(() => requests).toBe(2);
    await answerShown(2);
    await t.page.clock.runFor(29_000);
    expect(requests).toBe(2);
    await t.page.clock.runFor(2_000);
    await expect.poll(() => requests).toBe(3);
    await strip(t.page).scrollIntoViewIfNeeded();
    await answerShown(3);
    expectNoProblems(t);
    await t.close();
  });
});
