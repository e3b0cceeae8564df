import { QueryReads } from '@/client/lib/query-reads';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { RouterSiteNav } from '@/client/app/router-site-nav';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '@/client/i18n/language';
import { createQueryClient } from '@/client/lib/query-client';
import { LoadMore } from './load-more';

/** The line as a page shows it, in `path`'s language (/sw/… is Kiswahili). */
async function line(estimated: boolean, path = '/'): Promise<string> {
  const { prelude } = await prerender(
    <QueryReads client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouterSiteNav>
          <LanguageProvider>
            <LoadMore
              shown={50}
              total={43_000}
              estimated={estimated}
              hasMore
              loading={false}
              onLoadMore={() => {}}
              noun="participants"
            />
          </LanguageProvider>
        </RouterSiteNav>
      </MemoryRouter>
    </QueryReads>,
  );
  const html = await new Response(prelude).text();
  return /<p[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? '';
}

describe('LoadMore’s count (decision 037)', () => {
  it('says an exact total as it is', async () => {
    expect(await line(false)).toBe('Showing 50 of 43,000 participants');
  });

  it('says "about" of an estimated total, in both languages', async () => {
    expect(await line(true)).toBe('Showing 50 of about 43,000 participants');
    expect(await line(true, '/sw')).toBe('Inaonyesha participants: 50 kati ya takriban 43,000');
  });
});
