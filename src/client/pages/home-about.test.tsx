import { type QueryClient } from '@tanstack/react-query';
import { QueryReads } from '@/client/lib/query-reads';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { RouterSiteNav } from '@/client/app/router-site-nav';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/client/i18n/language';
import { createQueryClient } from '@/client/lib/query-client';
import type { Language } from '@/shared/i18n/languages';
import { localizedPath, paths } from '@/shared/paths';
import { settingsKeys } from '@/client/api/settings/keys';
import { siteKeys } from '@/client/api/site/keys';
import { englishSentences, readCatalogue } from '../../../test/i18n-catalogues';
import { AboutPage } from './about';
import { HomePage } from './home';

/** The page as the build prerenders it: lazy sections below the fold are waited for. */
async function render(
  page: ReactNode,
  path: string,
  language: Language,
  client: QueryClient = createQueryClient(),
): Promise<string> {
  const { prelude } = await prerender(
    <QueryReads client={client}>
      <MemoryRouter initialEntries={[localizedPath(path, language)]}>
        <RouterSiteNav>
          <LanguageProvider>{page}</LanguageProvider>
        </RouterSiteNav>
      </MemoryRouter>
    </QueryReads>,
  );
  const html = await new Response(prelude).text();
  // React separates adjacent text with empty comments; entities as the browser reads them.
  return html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

describe.each([
  { name: 'home', page: <HomePage />, path: paths.home, namespace: 'home' as const },
  { name: 'about', page: <AboutPage />, path: paths.about, namespace: 'about' as const },
])('the $name page', ({ page, path, namespace }) => {
  it('speaks English at its English path', async () => {
    const html = await render(page, path, 'en');
    for (const { key, text } of englishSentences(namespace)) {
      // The studies notice and the figures' words for postponed studies wait for the
      // setting, which a prerendered page does not have.
      if (key.startsWith('studies.postponed.') || key.endsWith('Postponed')) continue;
      expect(html, key).toContain(text);
    }
  });

  it('speaks Kiswahili under /sw, with no English sentence left and links to /sw pages', async () => {
    const html = await render(page, path, 'sw');
    for (const { text } of englishSentences(namespace)) expect(html).not.toContain(text);
    const sw = readCatalogue('sw', namespace);
    expect(html).toContain(sw['hero.title']);
    expect(html).toContain('href="/sw/services"');
    expect(html).not.toContain('href="/services"');
  });
});

describe('the home page in Kiswahili', () => {
  it('names the brand in its arguments and formats the chart in sw-KE', async () => {
    const html = await render(<HomePage />, paths.home, 'sw');
    expect(html).toContain('>Kuhusu InsightLab</a>');
    expect(html).toContain(
      'aria-label="Chati ya mihimili: mauzo ya kila wiki yanapanda kutoka 1× katika wiki ya 0 hadi 5× katika wiki ya 8."',
    );
    expect(html).toContain('>Washiriki wa utafiti</dt>');
    expect(html).toContain('<span class="sr-only">Inapakia…</span>');
    expect(html).not.toContain('22K+');
  });
});

describe('the home page and the studies setting', () => {
  it('prerenders neither state of the studies setting, even when it is known (the browser shows it once hydrated)', async () => {
    for (const studiesOpen of [undefined, false, true]) {
      const client = createQueryClient();
      if (studiesOpen !== undefined) {
        client.setQueryData(settingsKeys.all, { settings: { studiesOpen } });
      }
      const html = await render(<HomePage />, paths.home, 'en', client);
      expect(html).not.toContain('Research studies are temporarily postponed');
      expect(html).not.toContain('Registered testers will be notified');
    }
  });
});

describe('the about page contact', () => {
  it('shows no e-mail address or phone number until the server names them (none is made up)', async () => {
    const html = await render(<AboutPage />, paths.about, 'en');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('tel:');
    expect(html).toContain('Nairobi, Kenya');
  });

  it('prerenders no contact even when it is known: the browser shows it once hydrated', async () => {
    const client = createQueryClient();
    client.setQueryData(siteKeys.all, {
      contact: { email: 'hello@example.co.ke', phone: '+254 711 464914' },
    });
    const html = await render(<AboutPage />, paths.about, 'en', client);
    expect(html).not.toContain('hello@example.co.ke');
    expect(html).not.toContain('tel:');
  });
});
