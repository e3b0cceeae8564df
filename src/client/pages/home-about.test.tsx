import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/client/i18n/language';
import { createQueryClient } from '@/client/lib/query-client';
import type { Language } from '@/shared/i18n/languages';
import { localizedPath, paths } from '@/shared/paths';
import { englishSentences, readCatalogue } from '../../../test/i18n-catalogues';
import { AboutPage } from './about';
import { HomePage } from './home';

/** The page as the build prerenders it: lazy sections below the fold are waited for. */
async function render(page: ReactNode, path: string, language: Language): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[localizedPath(path, language)]}>
        <LanguageProvider>{page}</LanguageProvider>
      </MemoryRouter>
    </QueryClientProvider>,
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
    for (const { text } of englishSentences(namespace)) expect(html).toContain(text);
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
    expect(html).toContain('>22K+</span>');
  });
});

describe('the about page', () => {
  it('links the e-mail address inside the translated privacy sentence', async () => {
    for (const language of ['en', 'sw'] as const) {
      const html = await render(<AboutPage />, paths.about, language);
      expect(html).toMatch(
        language === 'en'
          ? /write to <a href="mailto:hello@insightlab.co.ke"[^>]*>hello@insightlab.co.ke<\/a>\./
          : /tuandikie kupitia <a href="mailto:hello@insightlab.co.ke"[^>]*>hello@insightlab.co.ke<\/a>\./,
      );
    }
  });
});
