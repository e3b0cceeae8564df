import { QueryReads } from '@/client/lib/query-reads';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { RouterSiteNav } from '@/client/app/router-site-nav';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/client/i18n/language';
import { createQueryClient } from '@/client/lib/query-client';
import type { Language } from '@/shared/i18n/languages';
import { localizedPath, paths } from '@/shared/paths';
import { englishSentences, readCatalogue } from '../../../../test/i18n-catalogues';
import { PageShell } from './page-shell';

function render(page: ReactNode, path: string, language: Language): string {
  const html = renderToString(
    <MemoryRouter initialEntries={[localizedPath(path, language)]}>
      <RouterSiteNav>
        <QueryReads client={createQueryClient()}>
          <LanguageProvider>
            <PageShell account={null}>{page}</PageShell>
          </LanguageProvider>
        </QueryReads>
      </RouterSiteNav>
    </MemoryRouter>,
  );
  // React separates adjacent text with empty comments; entities as the browser reads them.
  return html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const en = readCatalogue('en', 'common');
const sw = readCatalogue('sw', 'common');

/** The frame's messages: the skip link, the top bar and the footer. */
const frameKeys = [
  'skipLink',
  'menu.open',
  'nav.home',
  'nav.services',
  'nav.about',
  'service.userResearchTesting',
  'company.privacy',
  'footer.participants',
  'footer.becomeTester',
];

describe('the site frame (top bar, footer)', () => {
  it('speaks English on an English page, with the switch to Kiswahili in the header', () => {
    const html = render(<p>page</p>, paths.about, 'en');
    for (const key of frameKeys) expect(html, key).toContain(en[key]);
    expect(html).toContain(`${en['site.tagline']}.`);
    expect(html).toMatch(/© \d{4} InsightLab\. All rights reserved\./);
    expect(html).toContain('href="/sw/about"');
    expect(html).toContain('>Kiswahili</a>');
    expect(html).toContain('>SW</a>');
    expect(html).toContain('href="/services"');
  });

  it('speaks Kiswahili under /sw, with no English left and every public link to its /sw twin', () => {
    const html = render(<p>page</p>, paths.about, 'sw');
    for (const key of frameKeys) expect(html, key).toContain(sw[key]);
    for (const { key, text } of englishSentences('common')) expect(html, key).not.toContain(text);
    expect(html).toMatch(/© \d{4} InsightLab\. Haki zote zimehifadhiwa\./);
    for (const path of [paths.services, paths.about, paths.userResearchTesting]) {
      expect(html).toContain(`href="/sw${path}"`);
      // The English links are the language switch's (compact and full), to this page's twin.
      expect(html.split(`href="${path}"`).length - 1, path).toBe(path === paths.about ? 2 : 0);
    }
    expect(html).toContain('href="/sw/privacy"');
    expect(html).toContain('href="/sw/terms"');
    expect(html).toContain('href="/sw"');
    // Registration has no /sw twin: it follows the chosen language.
    expect(html).toContain(`href="${paths.participantRegistration}"`);
    expect(html).toContain('href="/about" hrefLang="en"');
    expect(html).toContain('>English</a>');
  });
});
