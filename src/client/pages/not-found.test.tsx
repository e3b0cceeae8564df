import { QueryReads } from '@/client/lib/query-reads';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { RouterSiteNav } from '@/client/app/router-site-nav';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/client/i18n/language';
import { createQueryClient } from '@/client/lib/query-client';
import { readCatalogue } from '../../../test/i18n-catalogues';
import { NotFoundPage } from './not-found';

function render(path: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[path]}>
      <RouterSiteNav>
        <QueryReads client={createQueryClient()}>
          <LanguageProvider>
            <NotFoundPage />
          </LanguageProvider>
        </QueryReads>
      </RouterSiteNav>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, '');
}

const en = readCatalogue('en', 'common');
const sw = readCatalogue('sw', 'common');

describe('the not-found page', () => {
  it('says "page not found" in the page language, with a way home in that language', () => {
    const english = render('/nowhere');
    expect(english).toContain(en['notFound.heading']);
    expect(english).toContain(`${en['notFound.title']} | InsightLab`);
    expect(english).toMatch(new RegExp(`<a [^>]*href="/"[^>]*>${en['notFound.home']}</a>`));
    // Drawn at a Kiswahili address (a not-found page speaks the chosen language).
    const kiswahili = render('/sw');
    expect(kiswahili).toContain(sw['notFound.heading']);
    expect(kiswahili).toContain(`${sw['notFound.title']} | InsightLab`);
    expect(kiswahili).toMatch(new RegExp(`<a [^>]*href="/sw"[^>]*>${sw['notFound.home']}</a>`));
  });
});
