import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium quiet on a machine without outside network. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type Session = {
  baseUrl: string;
  browser: () => Browser;
  /** A fresh context (own cookies and storage) and page that records console errors and failed requests. */
  newPage(options?: PageOptions): Promise<TestPage>;
};

export type PageOptions = {
  width?: number;
  height?: number;
  /** A spec's own server (see startE2eServer); the shared one by default. */
  baseUrl?: string;
  /** The browser's time zone, e.g. 'Africa/Nairobi'; the machine's by default. */
  timezoneId?: string;
  acceptDownloads?: boolean;
};

export type TestPage = {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught exceptions and same-origin 5xx answers seen so far. */
  problems: string[];
  close(): Promise<void>;
};

/** Starts one Chromium for the file and closes it after; use in a describe/file scope. */
export function useBrowser(): Session {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    baseUrl,
    browser: () => browser!,
    async newPage(options = {}) {
      // A spec with a server of its own (see startE2eServer) passes its address.
      const origin = options.baseUrl ?? baseUrl;
      const context = await browser!.newContext({
        baseURL: origin,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
        ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 500 && response.url().startsWith(origin)) {
          problems.push(`${response.status()} ${response.url()}`);
        }
      });
      return { page, context, problems, close: () => context.close() };
    },
  };
}

/**
 * axe-core finds no violation on the page as it is now, once its animations have ended
 * (a toast or dialog fading in has, for a moment, colours no one reads: axe would measure
 * their contrast half-way).
 */
export async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * No console error, page error or 5xx. Chromium logs every 4xx answer as
 * "Failed to load resource"; a test that provokes one on purpose names its status.
 */
export function expectNoProblems(t: TestPage, expectedStatuses: number[] = []) {
  const unexpected = t.problems.filter(
    (p) => !expectedStatuses.some((status) => p.includes(`status of ${status}`)),
  );
  expect(unexpected).toEqual([]);
}
