// The public site says one thing everywhere (issue 12): the studies notice follows the
// setting, contact details only when configured, this year in the footer, Services
// highlighted on its pages, arrows that keep to their words, cards that hold their words,
// the research form's required fields first, toasts clear of the phone's top bar.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedPath, paths } from '@/shared/paths';
import { serviceLinks } from '@/client/components/layout/nav-links';
import { E2E_ADMIN } from './support/accounts';
import { expectNoAxeViolations, expectNoProblems, useBrowser } from './support/browser';
import { startE2eServer, type E2eServer } from './support/global-server';
import { shot } from './support/kit';

const session = useBrowser();

const NOTICE_TITLE = 'Research studies are temporarily postponed';
const FOOTER_NOTICE =
  'Research studies are temporarily postponed. Registered testers will be notified when new studies open.';
const SW_NOTICE_TITLE = 'Tafiti zimeahirishwa kwa muda';
const SW_FOOTER_NOTICE =
  'Tafiti zimeahirishwa kwa muda. Washiriki waliojisajili watajulishwa tafiti mpya zitakapofunguliwa.';

const CONTACT = { phone: '0711 464 914', email: 'hello@insightlab.example' };
const SHOWN_PHONE = '+254 711 464914';

/** The footer is hydrated as it comes near: scroll to it, as a visitor would. */
async function footerText(page: Page): Promise<string> {
  const footer = page.locator('footer');
  await footer.scrollIntoViewIfNeeded();
  return ((await footer.textContent()) ?? '').replace(/\s+/g, ' ');
}

/** The text as shown, soft hyphens left out. */
const visibleText = (locator: Locator) =>
  locator.evaluate((el) =>
    (el as HTMLElement).innerText.replace(/\u00ad/g, '').replace(/\s+/g, ' '),
  );

/** Whether two boxes share any area. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function signInAdmin(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

// A server of its own: a fresh site (studies postponed, the default) whose contact is
// configured, so the shared server (studies open, no contact) keeps its state for the others.
describe('a site with studies postponed and a configured contact', () => {
  let own: E2eServer | undefined;
  beforeAll(async () => {
    process.env.CONTACT_PHONE = CONTACT.phone;
    process.env.CONTACT_EMAIL = CONTACT.email;
    try {
      own = await startE2eServer();
    } finally {
      delete process.env.CONTACT_PHONE;
      delete process.env.CONTACT_EMAIL;
    }
  });
  afterAll(async () => {
    await own?.stop();
  });
  const base = () => own!.baseUrl;

  it('the prerendered pages hold neither state; while postponed, / and /sw and the footer show the notice', async () => {
    for (const path of ['/', '/sw']) {
      const html = await (await fetch(`${base()}${path}`)).text();
      expect(html, path).not.toContain(NOTICE_TITLE);
      expect(html, path).not.toContain(SW_NOTICE_TITLE);
      expect(html, path).not.toContain('Registered testers will be notified');
    }
    for (const width of [375, 768, 1280]) {
      const t = await session.newPage({ width, height: 800, baseUrl: base() });
      await t.page.goto('/');
      const notice = t.page.getByRole('region', { name: NOTICE_TITLE });
      await notice.waitFor();
      await expect.poll(() => footerText(t.page)).toContain(FOOTER_NOTICE);
      // The figures beside it do not promise open places nobody can apply to yet.
      const strip = t.page.locator('[data-stat="openSlots"] dt');
      await expect.poll(() => strip.textContent()).toBe('Places when studies open');
      expect(await t.page.locator('[data-stat="activeTests"] dt').textContent()).toBe(
        'Tests ready to open',
      );
      await notice.scrollIntoViewIfNeeded();
      await expectNoAxeViolations(t.page);
      await shot(t.page, `studies-postponed-home-${width}`);
      expectNoProblems(t);
      await t.close();
    }
    const t = await session.newPage({ width: 375, baseUrl: base() });
    await t.page.goto('/sw');
    await t.page.getByRole('region', { name: SW_NOTICE_TITLE }).waitFor();
    await expect.poll(() => footerText(t.page)).toContain(SW_FOOTER_NOTICE);
    // Other pages carry the footer's notice too.
    await t.page.goto('/sw/services');
    await expect.poll(() => footerText(t.page)).toContain(SW_FOOTER_NOTICE);
    expectNoProblems(t);
    await t.close();
  });

  it('opening studies removes the notice from a page already open within the 30 s refresh, without a reload', async () => {
    const t = await session.newPage({ baseUrl: base() });
    await t.page.clock.install();
    await t.page.goto('/');
    await t.page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    const notice = t.page.getByRole('region', { name: NOTICE_TITLE });
    await notice.waitFor();
    await expect.poll(() => footerText(t.page)).toContain(FOOTER_NOTICE);

    const cookie = await signInAdmin(base());
    const saved = await fetch(`${base()}/api/settings`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ settings: { studiesOpen: true } }),
    });
    expect(saved.status).toBe(200);
    try {
      // Still shown until the page asks again; then gone, on the page's own clock.
      expect(await notice.count()).toBe(1);
      await t.page.clock.runFor(31_000);
      await expect.poll(() => notice.count()).toBe(0);
      expect(await footerText(t.page)).not.toContain('Registered testers will be notified');
      expect(await t.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
        'same document',
      );
    } finally {
      const back = await fetch(`${base()}/api/settings`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', origin: base() },
        body: JSON.stringify({ settings: { studiesOpen: false } }),
      });
      expect(back.status).toBe(200);
    }
    expectNoProblems(t);
    await t.close();
  });

  it('shows the configured phone and e-mail as tel: and mailto: links where the pages give a contact', async () => {
    const t = await session.newPage({ width: 375, baseUrl: base() });
    for (const path of [
      `${paths.about}#contact`,
      paths.researchValidation,
      paths.companyInquiry,
      paths.privacy,
      localizedPath(paths.terms, 'sw'),
    ]) {
      await t.page.goto(path);
      const main = t.page.locator('main');
      const phone = main.getByRole('link', { name: SHOWN_PHONE });
      await phone.scrollIntoViewIfNeeded();
      await expect
        .poll(() => phone.getAttribute('href'), { timeout: 10_000 })
        .toBe('tel:+254711464914');
      expect(await main.getByRole('link', { name: CONTACT.email }).getAttribute('href')).toBe(
        `mailto:${CONTACT.email}`,
      );
      expect(await main.getByText('+254 700 000 000').count()).toBe(0);
      await shot(t.page, `contact-configured${path.replace(/[/#]/g, '-')}-375`);
    }
    expectNoProblems(t);
    await t.close();
  });
});

describe('the shared site (studies open, no contact configured)', () => {
  it('shows no studies notice anywhere while studies are open', async () => {
    const t = await session.newPage();
    for (const path of ['/', '/sw', paths.services]) {
      const settings = t.page.waitForResponse((r) => r.url().endsWith('/api/settings'));
      await t.page.goto(path);
      // The footer asks once it is hydrated, as it comes near.
      await footerText(t.page);
      expect(
        ((await (await settings).json()) as { settings: { studiesOpen: boolean } }).settings,
      ).toEqual({ studiesOpen: true });
      const text = await footerText(t.page);
      expect(text).not.toContain('Registered testers will be notified');
      expect(text).not.toContain('Washiriki waliojisajili watajulishwa');
      expect(await t.page.getByText(NOTICE_TITLE).count()).toBe(0);
      expect(await t.page.getByText(SW_NOTICE_TITLE).count()).toBe(0);
      if (path === '/') {
        await expect
          .poll(() => t.page.locator('[data-stat="openSlots"] dt').textContent())
          .toBe('Open slots');
      }
    }
    expectNoProblems(t);
    await t.close();
  });

  it('shows no phone number or e-mail address when none is configured (none is made up)', async () => {
    const site = (await (await fetch(`${session.baseUrl}/api/site`)).json()) as unknown;
    expect(site).toEqual({ contact: { email: null, phone: null } });
    const t = await session.newPage();
    for (const path of [
      paths.about,
      paths.researchValidation,
      paths.companyInquiry,
      paths.privacy,
      paths.terms,
    ]) {
      const answered = t.page.waitForResponse((r) => r.url().endsWith('/api/site'));
      await t.page.goto(path);
      // The about page's contact section is hydrated (and asks) when it comes near.
      if (path === paths.about) await t.page.locator('#contact').scrollIntoViewIfNeeded();
      await answered;
      expect(await t.page.locator('a[href^="tel:"], a[href^="mailto:"]').count(), path).toBe(0);
      expect(await t.page.getByText('+254 700 000 000').count(), path).toBe(0);
    }
    await t.page.goto(`${paths.about}#contact`);
    await shot(t.page, 'contact-unconfigured-about-1280');
    expectNoProblems(t);
    await t.close();
  });

  it("the footer shows the reader's current year: the build's year prerendered, the page clock's year once hydrated", async () => {
    const built = new Date().getFullYear();
    const html = (await (await fetch(`${session.baseUrl}${paths.about}`)).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(html).toContain(`© ${built} InsightLab.`);
    const t = await session.newPage();
    await t.page.clock.install({ time: new Date('2031-03-15T09:00:00+03:00') });
    await t.page.goto(paths.about);
    await expect
      .poll(() => footerText(t.page))
      .toContain('© 2031 InsightLab. All rights reserved.');
    // The next page, loaded from the footer's link, says the same.
    await t.page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await t.page.waitForURL(`**${paths.privacy}`, { waitUntil: 'load' });
    await expect.poll(() => footerText(t.page)).toContain('© 2031 InsightLab.');
    expectNoProblems(t);
    await t.close();
  });

  it('highlights Services in the top bar on the services page and on each of the six service pages', async () => {
    const t = await session.newPage({ width: 1280 });
    const state = async (name: string, navName = 'Main') => {
      const nav = t.page.getByRole('navigation', { name: navName });
      const link = nav.getByRole('link', { name, exact: true });
      return {
        current: await link.getAttribute('aria-current'),
        highlighted: ((await link.getAttribute('class')) ?? '').split(/\s+/).includes('bg-accent'),
      };
    };
    await t.page.goto(paths.services);
    expect(await state('Services')).toEqual({ current: 'page', highlighted: true });
    for (const { to } of serviceLinks) {
      await t.page.goto(to);
      expect(await state('Services'), to).toEqual({ current: 'true', highlighted: true });
      expect(await state('Home'), to).toEqual({ current: null, highlighted: false });
      expect(await state('About'), to).toEqual({ current: null, highlighted: false });
    }
    await shot(t.page, 'nav-services-highlighted-1280');
    await t.page.goto(localizedPath(paths.productOptimization, 'sw'));
    expect(await state('Huduma', 'Menyu kuu')).toEqual({ current: 'true', highlighted: true });
    await t.page.goto(paths.about);
    expect(await state('Services')).toEqual({ current: null, highlighted: false });
    expect(await state('About')).toEqual({ current: 'page', highlighted: true });
    await expectNoAxeViolations(t.page);
    expectNoProblems(t);
    await t.close();
  });

  it('the drawer at 375 px marks Services on a service page too', async () => {
    const t = await session.newPage({ width: 375 });
    await t.page.goto(paths.featurePrioritization, { waitUntil: 'networkidle' });
    const button = t.page.getByRole('button', { name: 'Open menu' });
    await expect
      .poll(() =>
        button.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))),
      )
      .toBe(true);
    await button.click();
    const drawer = t.page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expectNoProblems(t);
    await t.close();
  });

  it('an arrow after a link text never wraps alone onto its own line, in either language', async () => {
    for (const width of [375, 768, 1280]) {
      const t = await session.newPage({ width });
      for (const path of [
        paths.home,
        paths.services,
        paths.fractionalProductManagement,
        '/sw',
        '/sw/services',
      ]) {
        await t.page.goto(path);
        // Every arrow inside a link: the text just before it ends on the arrow's line.
        const lonely = await t.page.locator('a svg.lucide-arrow-right').evaluateAll((arrows) =>
          arrows.flatMap((arrow) => {
            const link = arrow.closest('a')!;
            const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
            let before: Text | null = null;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const position = arrow.compareDocumentPosition(node);
              if (position & Node.DOCUMENT_POSITION_PRECEDING && node.textContent!.trim())
                before = node as Text;
            }
            if (!before) return [];
            const text = before.textContent!.trimEnd();
            const range = document.createRange();
            range.setStart(before, text.length - 1);
            range.setEnd(before, text.length);
            const last = range.getBoundingClientRect();
            const box = arrow.getBoundingClientRect();
            const sameLine = box.top < last.bottom && last.top < box.bottom;
            return sameLine ? [] : [link.textContent!.trim()];
          }),
        );
        expect(lonely, `${path} at ${width} px`).toEqual([]);
      }
      await t.page.goto('/sw/services');
      await t.page.locator('#research').scrollIntoViewIfNeeded();
      await shot(t.page, `arrows-sw-services-${width}`);
      await t.close();
    }
  });

  it('the impact cards hold "Multimillion-dollar" and its Kiswahili at 375 and 768 px', async () => {
    for (const width of [375, 768, 1280]) {
      const t = await session.newPage({ width });
      for (const path of [paths.home, paths.about, '/sw', '/sw/about']) {
        await t.page.goto(path);
        const card = t.page.locator('#impact dd').nth(1);
        await card.scrollIntoViewIfNeeded();
        expect(await visibleText(card), path).toMatch(/^(Multimillion-dollar|Mamilioni ya dola)$/);
        const spill = await t.page.locator('#impact dd').evaluateAll((dds) =>
          dds.flatMap((dd) => {
            const card = dd.parentElement!.getBoundingClientRect();
            const range = document.createRange();
            range.selectNodeContents(dd);
            const text = range.getBoundingClientRect();
            return text.right > card.right + 0.5 || dd.scrollWidth > dd.clientWidth
              ? [dd.textContent]
              : [];
          }),
        );
        expect(spill, `${path} at ${width} px`).toEqual([]);
        expect(
          await t.page.evaluate(() => document.documentElement.scrollWidth),
          `${path} scrolls sideways at ${width} px`,
        ).toBeLessThanOrEqual(width);
        if (path === paths.home || path === paths.about) {
          await shot(t.page, `impact${path === '/' ? '-home' : path.replace('/', '-')}-${width}`);
        }
      }
      await t.close();
    }
  });
});

describe('the research request form', () => {
  const required = (page: Page) =>
    page
      .locator('form')
      .locator('input[name]:not([type="hidden"]):not([name="website"]), textarea[name]')
      .evaluateAll((fields) =>
        fields
          .filter((field) => !field.closest('[aria-hidden="true"]'))
          .map((field) => ({
            name: field.getAttribute('name'),
            required: (field as HTMLInputElement).required,
          })),
      );

  it('asks for the required fields first, and its e-mail and phone fields line up at 1280 px', async () => {
    const t = await session.newPage({ width: 1280 });
    await t.page.goto(paths.researchValidation);
    await t.page.locator('form').scrollIntoViewIfNeeded(); // it hydrates near the viewport
    await t.page.getByRole('button', { name: 'Request research', disabled: false }).waitFor();
    const fields = await required(t.page);
    const firstOptional = fields.findIndex((f) => !f.required);
    expect(fields.slice(0, firstOptional).map((f) => f.name)).toEqual([
      'company',
      'contactName',
      'email',
      'phone',
      'description',
    ]);
    expect(fields.slice(firstOptional).every((f) => !f.required)).toBe(true);
    const email = await t.page.getByRole('textbox', { name: 'Email' }).boundingBox();
    const phone = await t.page.getByRole('textbox', { name: 'Phone' }).boundingBox();
    expect(Math.abs(email!.y - phone!.y)).toBeLessThan(1);
    expect(email!.height).toBe(phone!.height);
    await t.page.locator('form').scrollIntoViewIfNeeded();
    await shot(t.page, 'research-form-1280');
    expectNoProblems(t);
    await t.close();
  });

  it('on a phone, its toast shows at the bottom, clear of the top bar; from 640 px at the bottom right', async () => {
    for (const width of [375, 1280]) {
      const t = await session.newPage({ width, height: 740 });
      await t.page.goto(paths.researchValidation);
      await t.page.locator('form').scrollIntoViewIfNeeded(); // it hydrates near the viewport
      await t.page.getByRole('button', { name: 'Request research', disabled: false }).waitFor();
      const form = t.page.locator('form');
      await form.getByRole('textbox', { name: 'Company' }).fill('Savannah Health');
      await form.getByRole('textbox', { name: 'Contact name' }).fill('Otieno Odhiambo');
      await form.getByRole('textbox', { name: 'Email' }).fill('otieno@savannah.example');
      await form.getByRole('textbox', { name: 'Phone' }).fill('0711 222 333');
      await form
        .getByRole('textbox', { name: 'Project description' })
        .fill('A patient booking app for small clinics.');
      await form.getByRole('button', { name: 'Request research' }).click();
      const toast = t.page.locator('li[data-state="open"]').first();
      await toast.waitFor();
      // Once it has slid in.
      await expect
        .poll(() =>
          t.page.evaluate(() => document.getAnimations().every((a) => a.playState !== 'running')),
        )
        .toBe(true);
      const box = (await toast.boundingBox())!;
      const header = (await t.page.locator('header').boundingBox())!;
      expect(overlap(box, header)).toBe(false);
      expect(box.y + box.height).toBeGreaterThan(740 - 40);
      if (width > 640) expect(box.x).toBeGreaterThan(width / 2);
      await shot(t.page, `toast-${width}`);
      expectNoProblems(t);
      await t.close();
    }
  });
});
