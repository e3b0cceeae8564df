// What the browser tests share beyond the browser itself: unique names, screenshots, the
// admin's and participants' API clients, and the few UI gestures every admin spec makes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { E2E_ADMIN } from './accounts';
import type { PageOptions, Session, TestPage } from './browser';
import { signInCookie } from './sign-in';

/** A short random suffix that keeps names unique across spec files sharing one database. */
export const suffix = () => crypto.randomBytes(3).toString('hex');

/** A calendar date `days` from today, as the API and date inputs take it. */
export const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Collapses whitespace (Intl puts a no-break space between "Ksh" and the amount). */
export const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Set SHOTS_DIR (e.g. /tmp/shots-admin) to keep a full-page screenshot of each named screen. */
export async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Picks an option of a labelled select (in `scope`, the page by default), then waits for the list to fade out. */
export async function choose(
  page: Page,
  field: string,
  option: string,
  scope: Page | Locator = page,
) {
  await scope.getByRole('combobox', { name: field }).click();
  // Click only once the list has finished opening: a click while it still moves into place
  // can land where the option is no longer, and the list then stays open.
  await settled(page.getByRole('listbox'));
  const choice = page.getByRole('option', { name: option, exact: true });
  await choice.click();
  // The list fades out; wait until it is gone so axe does not see it half transparent. A
  // click that lands while the list re-renders under it (the table behind refreshing) can
  // be lost, leaving it open (seen in CI): then the option is clicked again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const closed = await expect
      .poll(() => page.getByRole('listbox').count(), { timeout: 3000 })
      .toBe(0)
      .then(() => true)
      .catch(() => false);
    if (closed) return;
    if (await choice.isVisible()) await choice.click();
  }
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
}

/** Waits for an element, then for every finite animation on the page (a dialog fading in) to end. */
export async function settled(locator: Locator) {
  await locator.waitFor();
  await expect
    .poll(() =>
      locator
        .page()
        .evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).length,
        ),
    )
    .toBe(0);
}

/** The text of the hints a field is described by (its aria-describedby), joined. */
export const descriptionOf = (locator: Locator) =>
  locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

export const PHONE_HINT_TEXT = 'For example 0712 345 678, or +44… for a number outside Kenya.';

/** The names of the inputs of the page's forms, top to bottom. */
export const fieldOrder = (page: Page) =>
  page
    .locator('form input[name]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('name')));

/** Whether the element has the keyboard focus. */
export const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses `key` (Tab by default) until `target` has the focus, at most `max` times, and
 * fails if it never does. After each press it lets the page settle (a task, then a frame):
 * Radix moves the focus along tabs and radios in a timeout after the keydown, so a check
 * straight after the press can see the old focus and the next press would overshoot.
 */
export async function keyTo(
  page: Page,
  target: Locator,
  { key = 'Tab', max = 60 }: { key?: string; max?: number } = {},
) {
  await target.waitFor();
  for (let i = 0; i < max && !(await isFocused(target)); i++) {
    await page.keyboard.press(key);
    await page.evaluate(
      () => new Promise((done) => setTimeout(() => requestAnimationFrame(() => done(null)), 0)),
    );
  }
  if (!(await isFocused(target))) throw new Error(`${key} never reached ${target.toString()}`);
}

export const toastShown = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().isVisible();

export type Api = <T>(
  method: string,
  url: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

/** An API client of the server at `baseUrl` on the session `cookie` (a Cookie header value). */
export function apiOf(baseUrl: string, cookie: string): Api {
  return async <T>(method: string, url: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
}

/**
 * A signed-in API client (its own cookie) for the admin or a participant, of the shared
 * server or of `baseUrl` (a spec's own server).
 */
export async function apiAs(
  email: string,
  password: string,
  baseUrl: string = inject('baseUrl'),
): Promise<Api> {
  return apiOf(baseUrl, await signInCookie(baseUrl, { email, password }));
}

/** The e2e super admin's API client, of the shared server or of `baseUrl`. */
export const adminApi = (baseUrl?: string) => apiAs(E2E_ADMIN.email, E2E_ADMIN.password, baseUrl);

/** A study made through the admin API and set active; `fields` override the defaults. */
export async function createActiveStudy(admin: Api, fields: Record<string, unknown> = {}) {
  const res = await admin<{ test: { id: string; title: string; status: string } }>(
    'POST',
    '/api/tests',
    {
      title: `Bodaboda booking study ${suffix()}`,
      description: 'Book a ride in the new app and tell us what slowed you down.',
      payRate: '1500.00',
      duration: 2,
      maxParticipants: 1,
      startDate: isoDay(3),
      endDate: isoDay(30),
      company: 'Safiri Labs',
      tags: ['mobility'],
      ...fields,
    },
  );
  expect(res.status).toBe(201);
  const active = await admin('PUT', `/api/tests/${res.body.test.id}/status`, { status: 'active' });
  expect(active.status).toBe(200);
  return res.body.test;
}

const APPLICANT_PASSWORD = 'Acacia-Lantern-58';

/**
 * A participant registered through the API, with their own API client: of the shared server
 * or of `baseUrl`; `phone` (a random Kenyan mobile by default) and `language` as given.
 */
export async function participant(
  firstName: string,
  lastName: string,
  {
    baseUrl = inject('baseUrl'),
    phone = `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
    language,
  }: { baseUrl?: string; phone?: string; language?: 'en' | 'sw' } = {},
) {
  const person = {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${suffix()}@example.com`,
    phone,
    password: APPLICANT_PASSWORD,
    ...(language ? { language } : {}),
  };
  const registered = await fetch(`${baseUrl}/api/participants/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });
  expect(registered.status).toBe(201);
  const { participant } = (await registered.json()) as { participant: { id: string } };
  return {
    ...person,
    id: participant.id,
    name: `${firstName} ${lastName}`,
    api: await apiAs(person.email, person.password, baseUrl),
  };
}

/** A participant registered through the API who applied to the study, with their own API client. */
export async function applicant(
  testId: string,
  firstName: string,
  lastName: string,
  options: { baseUrl?: string; phone?: string } = {},
) {
  const person = await participant(firstName, lastName, options);
  const applied = await person.api<{ application: { id: string } }>('POST', '/api/applications', {
    participantId: person.id,
    testId,
  });
  expect(applied.status).toBe(201);
  return { ...person, applicationId: applied.body.application.id };
}

/** The participant's earnings as the API reports them. */
export async function earningsOf(api: Api) {
  const res = await api<{ earnings: Record<string, string | number> }>('GET', '/api/me/earnings');
  expect(res.status).toBe(200);
  return res.body.earnings;
}

/**
 * A page of the file's browser signed in (through the API) as `account`, the e2e super
 * admin by default, with `code` when its sign-in takes one; `path` is opened when given.
 * `baseUrl`: a spec's own server. `cookie`: a session to reuse instead of signing in (an
 * admin with two-step sign-in, whose sign-ins each take a code).
 */
export async function signedInPage(
  session: Session,
  {
    account = E2E_ADMIN,
    code,
    height = 900,
    path,
    cookie,
    ...pageOptions
  }: PageOptions & {
    account?: { email: string; password: string };
    code?: string;
    path?: string;
    cookie?: string;
  } = {},
): Promise<TestPage> {
  const t = await session.newPage({ height, ...pageOptions });
  if (cookie) {
    const url = pageOptions.baseUrl ?? session.baseUrl;
    await t.context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url };
      }),
    );
  } else {
    const signedIn = await t.context.request.post('/api/auth/signin', {
      data: { email: account.email, password: account.password, ...(code ? { code } : {}) },
    });
    expect(signedIn.status()).toBe(200);
  }
  if (path) await t.page.goto(path);
  return t;
}

/**
 * Presses Tab until the focused element's accessible name (its aria-label or text) matches,
 * as a keyboard user would, at most `max` times.
 */
export async function tabToName(page: Page, name: RegExp, max: number) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      return (el.getAttribute('aria-label') ?? el.innerText ?? '').replace(/\s+/g, ' ').trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
