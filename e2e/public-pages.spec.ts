import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localizedPath, paths, publicPagePaths } from '@/shared/paths';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';

const session = useBrowser();

type PageExpectation = {
  path: string;
  /** The page's one h1; omitted for the lead-form pages, whose own spec checks theirs. */
  h1?: string;
  title: string;
  /** Text that must be on the page, rendered and in the prerendered HTML. */
  text: string[];
};

const pages: PageExpectation[] = [
  {
    path: paths.home,
    h1: 'Build the product your customers want, and grow it faster',
    title: 'InsightLab: Product management and research that moves the numbers',
    text: [
      'Request Research Service',
      'View All Services',
      'Sales growth within weeks',
      // A soft hyphen lets the word break inside its card on a phone.
      'Multi\u00admillion-dollar',
      'Tell us your needs',
      'Get matched with an expert product manager',
      'Accelerate growth',
      'Mvuli Studios',
      'Research participants',
    ],
  },
  {
    path: paths.about,
    h1: 'Product people who help good ideas become products that grow',
    title: 'About us | InsightLab',
    text: [
      'A 360-degree product management consultancy',
      'Expert leadership',
      'Real user research',
      'Innovation mindset',
      'Excellence',
      'Collaboration',
      'Innovation',
      'Start Your Project',
      'Join Our Research Community',
    ],
  },
  {
    path: paths.services,
    h1: 'Everything your product needs, from strategy to growth',
    title: 'Services | InsightLab',
    text: [
      'Product Leadership & Strategy',
      'User Research & Validation',
      'Execution & Optimization',
      'Expected outcome',
      'Case study',
      'Proven Expertise',
      'Flexible Engagement',
      'Data-Driven Approach',
      'Measurable Results',
      'within the first 30 days',
    ],
  },
  {
    path: paths.fractionalProductManagement,
    h1: 'Fractional Product Management',
    title: 'Fractional Product Management | InsightLab',
    text: ['What this service includes', 'How we work together', 'Find your product manager'],
  },
  {
    path: paths.productOptimization,
    h1: 'Product Optimization',
    title: 'Product Optimization | InsightLab',
    text: ['Funnel and analytics review', 'Start optimizing your product'],
  },
  {
    path: paths.userResearchTesting,
    h1: 'User Research & Testing',
    title: 'User Research & Testing | InsightLab',
    text: ['Market validation', 'Request Research Service'],
  },
  {
    path: paths.featurePrioritization,
    h1: 'Feature Prioritization',
    title: 'Feature Prioritization | InsightLab',
    text: ['RICE', 'MoSCoW', 'Kano', 'Decision frameworks we use'],
  },
  {
    path: paths.marketFitLaunchStrategy,
    h1: 'Market Fit & Launch Strategy',
    title: 'Market Fit & Launch Strategy | InsightLab',
    text: ['Pricing and packaging', 'Plan your launch with us'],
  },
  {
    path: paths.operationalExcellence,
    h1: 'Operational Excellence',
    title: 'Operational Excellence | InsightLab',
    text: ['Lean rituals', 'Improve how your team ships'],
  },
  { path: paths.companyInquiry, title: "Let's Work Together | InsightLab", text: [] },
  { path: paths.clientRequest, title: 'Start Your Project | InsightLab', text: [] },
  { path: paths.researchValidation, title: 'Research Validation | InsightLab', text: [] },
  {
    path: paths.privacy,
    h1: 'Privacy Policy',
    title: 'Privacy Policy | InsightLab',
    text: [
      'Version 1.0, 26 November 2026',
      'On this page',
      'M-Pesa number',
      'How long we keep it',
      'Data Protection Act, 2019',
      'Office of the Data Protection Commissioner',
      'Download my data',
      'Delete account',
    ],
  },
  {
    path: paths.terms,
    h1: 'Terms of Service',
    title: 'Terms of Service | InsightLab',
    text: [
      'Version 1.0, 26 November 2026',
      'On this page',
      'Who can join',
      'Pay is not owed until a study is completed.',
      'Kenyan shillings (KES)',
      'Confidential study material',
      'governed by the laws of Kenya',
    ],
  },
];

/** Where each service page's call to action goes (spec section 2). */
const serviceCtas: Record<string, string> = {
  [paths.fractionalProductManagement]: paths.companyInquiry,
  [paths.productOptimization]: paths.companyInquiry,
  [paths.userResearchTesting]: paths.researchValidation,
  [paths.featurePrioritization]: paths.companyInquiry,
  [paths.marketFitLaunchStrategy]: paths.companyInquiry,
  [paths.operationalExcellence]: paths.companyInquiry,
};

/** True once React has attached to the element (hydration reached it). */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
  }, selector);
}

async function fetchHtml(path: string) {
  const res = await fetch(`${session.baseUrl}${path}`);
  return { status: res.status, html: await res.text() };
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('public pages', () => {
  it('the list of pages under test is the list that is prerendered', () => {
    expect(pages.map((p) => p.path)).toEqual([...publicPagePaths]);
  });

  it.each(pages)('$path renders its h1, title and content with no console error', async (p) => {
    const t = await session.newPage();
    const response = await t.page.goto(p.path, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    const h1s = await t.page.locator('h1').allTextContents();
    expect(h1s).toHaveLength(1);
    if (p.h1) expect(h1s[0]).toBe(p.h1);
    expect(await t.page.title()).toBe(p.title);
    const body = (await t.page.locator('main').textContent()) ?? '';
    for (const text of p.text) expect(body).toContain(text);
    // Headings never skip a level on the way down (h1 -> h2 -> h3).
    const levels = await t.page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((els) => els.map((el) => Number(el.tagName.slice(1))));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0)
        expect(level, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(
          levels[i - 1]! + 1,
        );
    });
    expectNoProblems(t);
    await t.close();
  });

  it('the home page links where the spec says', async () => {
    const t = await session.newPage();
    await t.page.goto(paths.home);
    const main = t.page.locator('main');
    const hrefOf = (name: string) =>
      main.getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await hrefOf('Talk to a product expert')).toBe(paths.companyInquiry);
    expect(await hrefOf('Request Research Service')).toBe(paths.researchValidation);
    expect(await hrefOf('View All Services')).toBe(paths.services);
    expect(await hrefOf('See how our services work')).toBe(paths.services);
    expect(await hrefOf('About InsightLab')).toBe(paths.about);
    const cards = await main
      .locator('#services h3 a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(cards).toEqual([
      paths.fractionalProductManagement,
      paths.productOptimization,
      paths.userResearchTesting,
      paths.featurePrioritization,
      paths.marketFitLaunchStrategy,
      paths.operationalExcellence,
    ]);
    // The chart is a drawing with a text alternative, and its figures are in a table.
    await expect
      .poll(() =>
        main.getByRole('img', { name: /weekly sales rise from 1× in week 0 to 5×/ }).count(),
      )
      .toBe(1);
    expect(await main.locator('figure table tbody tr').count()).toBe(9);
    expect(await main.getByRole('img', { name: 'Ndovu Freight' }).count()).toBe(1);
    await t.close();
  });

  it('the about, services and service pages link where the spec says', async () => {
    const t = await session.newPage();
    await t.page.goto(paths.about);
    const aboutMain = t.page.locator('main');
    expect(
      await aboutMain
        .getByRole('link', { name: 'Start Your Project' })
        .first()
        .getAttribute('href'),
    ).toBe(paths.services);
    expect(
      await aboutMain
        .getByRole('link', { name: 'Join Our Research Community' })
        .first()
        .getAttribute('href'),
    ).toBe(paths.participantRegistration);

    await t.page.goto(paths.services);
    const hrefOf = (name: string) =>
      t.page.locator('main').getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await hrefOf('Explore Market Validation')).toBe(paths.userResearchTesting);
    expect(await hrefOf('Explore Decision Frameworks')).toBe(paths.featurePrioritization);
    expect(await hrefOf('Explore Continuous Growth')).toBe(paths.productOptimization);
    expect(await hrefOf('Explore Fractional Product Management')).toBe(
      paths.fractionalProductManagement,
    );
    expect(await hrefOf('Request a proposal')).toBe(paths.clientRequest);

    for (const [path, target] of Object.entries(serviceCtas)) {
      await t.page.goto(path);
      const ctas = await t.page
        .locator('main a.bg-primary, main a.bg-secondary')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(ctas.length, path).toBeGreaterThan(0);
      expect(new Set(ctas), path).toEqual(new Set([target]));
    }
    await t.close();
  });

  it('every internal link on every public page answers 200, without and with JavaScript', async () => {
    const t = await session.newPage();
    const found = new Map<string, string>(); // target -> first page linking to it
    for (const { path } of pages) {
      const { html } = await fetchHtml(path);
      for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
        found.set(decode(match[1]!), found.get(decode(match[1]!)) ?? path);
      }
      await t.page.goto(path, { waitUntil: 'networkidle' });
      const rendered = await t.page
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      for (const href of rendered) found.set(href, found.get(href) ?? path);
    }
    const internal = [...found.keys()].filter(
      (href) =>
        !/^(?:mailto:|tel:|[a-z][a-z0-9+.-]*:\/\/)/i.test(href) || href.startsWith(session.baseUrl),
    );
    expect(internal.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const pagesById = new Map<string, string>();
    for (const href of internal) {
      const url = new URL(href, `${session.baseUrl}${found.get(href)}`);
      const key = url.pathname;
      if (!pagesById.has(key)) {
        const res = await fetch(url, { redirect: 'manual' });
        if (res.status !== 200) failures.push(`${href} (on ${found.get(href)}): ${res.status}`);
        pagesById.set(key, await res.text());
      }
      // A link to a section must find it in the target page's HTML.
      if (url.hash) {
        const id = decodeURIComponent(url.hash.slice(1));
        if (!pagesById.get(key)!.includes(`id="${id}"`)) failures.push(`${href}: no #${id}`);
      }
    }
    expect(failures).toEqual([]);
    expectNoProblems(t);
    await t.close();
  });

  it('an unknown path is a 404 with the not-found page', async () => {
    const t = await session.newPage();
    const response = await t.page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => t.page.locator('h1').textContent()).toBe('404 Page Not Found');
    expectNoProblems(t, [404]);
    await t.close();
  });
});

describe('prerendered HTML', () => {
  it.each(pages)('$path has its text, title and head tags without JavaScript', async (p) => {
    const { status, html } = await fetchHtml(p.path);
    expect(status).toBe(200);
    const text = decode(html);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(text).toContain(`<title>${p.title}</title>`);
    if (p.h1)
      expect(text).toMatch(
        new RegExp(`<h1[^>]*>${p.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
      );
    for (const t of p.text) expect(text).toContain(t);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"]+${p.path === '/' ? '/' : p.path}"`),
    );
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta property="og:description"');
    // The content security policy allows no inline script: the page must not need one.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('the session corner is its placeholder and the stats strip has placeholders, no figure', async () => {
    const { html } = await fetchHtml(paths.home);
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    // The placeholder holds the sign-in button's place, its words unseen and unread: no link yet.
    expect(header).not.toMatch(/<a\b[^>]*>Login \/ Sign up/);
    expect(header).toMatch(
      /<span data-slot="skeleton" aria-hidden="true"[^>]*animate-pulse[^>]*><span class="invisible">Login \/ Sign up<\/span><\/span>/,
    );
    for (const figure of ['22K+', '23+', '89+']) expect(html).not.toContain(figure);
    expect(html.match(/data-pending=""/g)).toHaveLength(5);
  });

  it("the footer's copyright year is this year, prerendered and in the browser", async () => {
    const year = new Date().getFullYear();
    const { html } = await fetchHtml(paths.home);
    // React separates adjacent text with empty comments.
    const footer = html
      .slice(html.indexOf('<footer'), html.indexOf('</footer>'))
      .replace(/<!-- -->/g, '');
    expect(footer).toContain(`© ${year} InsightLab.`);
    const t = await session.newPage();
    await t.page.goto(paths.about);
    await expect
      .poll(() => t.page.locator('footer').textContent())
      .toContain(`© ${year} InsightLab.`);
    expectNoProblems(t);
    await t.close();
  });

  it('works without JavaScript: text shows and links navigate', async () => {
    const context = await session.browser().newContext({
      baseURL: session.baseUrl,
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(paths.home);
    await expect.poll(() => page.locator('h1').textContent()).toBe(pages[0]!.h1);
    await page.getByRole('link', { name: 'View All Services' }).click();
    await page.waitForURL(`**${paths.services}`);
    expect(await page.locator('h1').textContent()).toBe(pages[2]!.h1);
    await page.locator('main').getByRole('link', { name: 'Explore Decision Frameworks' }).click();
    await page.waitForURL(`**${paths.featurePrioritization}`);
    expect(await page.locator('h1').textContent()).toBe('Feature Prioritization');
    await context.close();
  });

  it('serves robots.txt and a sitemap listing every public page in both languages', async () => {
    const robots = await fetch(`${session.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toMatch(/^User-agent: \*$/m);
    expect(robotsText).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    const sitemap = await fetch(`${session.baseUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const locs = [...(await sitemap.text()).matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(
      (m) => m[1],
    );
    expect(locs).toEqual([
      ...publicPagePaths,
      ...publicPagePaths.map((p) => localizedPath(p, 'sw')),
    ]);
  });

  it('serves the favicon and the web manifest', async () => {
    for (const file of ['/favicon.svg', '/manifest.webmanifest']) {
      expect((await fetch(`${session.baseUrl}${file}`)).status, file).toBe(200);
    }
  });
});

describe('navigation', () => {
  it('the drawer at 375 px opens, lists Home, Services and About and the other language, and closes with Escape', async () => {
    const t = await session.newPage({ width: 375, height: 740 });
    await t.page.goto(paths.services, { waitUntil: 'networkidle' });
    const button = t.page.getByRole('button', { name: 'Open menu' });
    await waitForHydration(t.page, 'button[aria-label="Open menu"]');
    await button.click();
    const drawer = t.page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    const links = drawer.getByRole('navigation').getByRole('link');
    expect(await links.allTextContents()).toEqual(['Home', 'Services', 'About']);
    expect(await drawer.getByRole('link', { name: 'Kiswahili' }).getAttribute('href')).toBe(
      '/sw/services',
    );
    expect(await drawer.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await t.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expectNoProblems(t);
    await t.close();
  });

  it('a footer link to a section of the about page brings that section into view', async () => {
    const t = await session.newPage();
    await t.page.goto(paths.services, { waitUntil: 'networkidle' });
    const contact = t.page.locator('footer').getByRole('link', { name: 'Contact' });
    // The footer is hydrated when it comes near the viewport, as a visitor scrolls to it.
    await contact.scrollIntoViewIfNeeded();
    await waitForHydration(t.page, 'footer a[href="/about#contact"]');
    await contact.click();
    await t.page.waitForURL(`**${paths.about}#contact`);
    const heading = t.page.getByRole('heading', { name: 'Talk to us' });
    await expect.poll(() => heading.isVisible()).toBe(true);
    await expect
      .poll(() => heading.evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(400);
    expectNoProblems(t);
    await t.close();
  });
});

describe('hydration', () => {
  it('a text page runs only its islands: none of the app, its links load the next page, its top bar works', async () => {
    const t = await session.newPage({ width: 375, height: 740 });
    await t.page.goto(paths.about, { waitUntil: 'networkidle' });
    await waitForHydration(t.page, 'button[aria-label="Open menu"]');
    // Not the app's entry, nor the router's chunk: the text page runs islands.ts alone.
    const scripts = await t.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => name.endsWith('.js')),
    );
    expect(scripts.some((name) => /\/assets\/islands-/.test(name))).toBe(true);
    expect(scripts.filter((name) => /\/assets\/(index|framework)-/.test(name))).toEqual([]);
    // A section that never changes is the server's HTML: nothing of React in it.
    const join = t.page
      .locator('main section')
      .last()
      .getByRole('link', { name: 'Join Our Research Community' });
    expect(
      await join.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__react'))),
    ).toBe(false);
    await t.page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    await join.click();
    await t.page.waitForURL(`**${paths.participantRegistration}`);
    await t.page.getByRole('heading', { level: 1 }).waitFor();
    // A document navigation: the next page (the app) loaded afresh.
    expect(await t.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      undefined,
    );
    expectNoProblems(t);
    await t.close();
  });
});

describe('hydration of the forms', () => {
  it.each([
    { path: paths.companyInquiry, island: 'inquiry-form', submit: 'Send inquiry' },
    { path: paths.researchValidation, island: 'research-form', submit: 'Request research' },
  ])(
    '$path hydrates its form as an island: none of the app, every id the form names is there, no CSP violation',
    async ({ path, island, submit: submitName }) => {
      const t = await session.newPage({ width: 375, height: 740 });
      // Every Content-Security-Policy violation (zod trying `new Function` was one).
      await t.page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await t.page.goto(path, { waitUntil: 'networkidle' });
      const submit = t.page.getByRole('button', { name: submitName });
      // It hydrates as it comes near the viewport: the research form is below the first
      // screen, and focusing its first field, as Tab does, scrolls it there.
      await t.page.locator(`[data-island="${island}"] input`).first().focus();
      await expect.poll(() => submit.isEnabled()).toBe(true);
      const scripts = await t.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.endsWith('.js')),
      );
      expect(scripts.filter((name) => /\/assets\/(index|framework)-/.test(name))).toEqual([]);
      // The ids React gives the fields are the same in the server's HTML and after hydration:
      // after an empty submit every label's field and every description and error it names exist.
      await submit.click();
      await expect.poll(() => t.page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
      const dangling = await t.page.evaluate((name) => {
        const form = document.querySelector(`[data-island="${name}"]`)!;
        const named = [
          ...[...form.querySelectorAll('label[for]')].map((label) => label.getAttribute('for')!),
          ...[...form.querySelectorAll('[aria-describedby]')].flatMap((el) =>
            el.getAttribute('aria-describedby')!.split(' '),
          ),
        ];
        return named.filter((id) => !document.getElementById(id));
      }, island);
      expect(dangling).toEqual([]);
      expect(
        await t.page.evaluate(
          () => (window as unknown as { cspViolations: string[] }).cspViolations,
        ),
      ).toEqual([]);
      expectNoProblems(t);
      await t.close();
    },
  );
});

describe('accessibility', () => {
  for (const width of [375, 1280]) {
    it.each(pages)(`$path has no axe violation at ${width} px`, async (p) => {
      const t = await session.newPage({ width, height: 800 });
      await t.page.goto(p.path, { waitUntil: 'networkidle' });
      await expectNoAxeViolations(t.page);
      expectNoProblems(t);
      await t.close();
    });
  }
});
