import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { RouterSiteNav } from './app/router-site-nav';
import { type IslandName, islandIdPrefix, IslandRenderContext } from './components/layout/island';
import { LanguageProvider } from './i18n/language';
import { forgetUsedNamespaces, usedNamespaces } from './i18n/catalogue-loader';
import { PageReads } from './lib/page-reads';
import { createQueryClient } from './lib/query-client';

export { localizedPath, publicPagePaths } from '@/shared/paths';
export { languages } from '@/shared/i18n/languages';
export { site } from '@/shared/site';

/**
 * The server-side entry used at build time (scripts/prerender.tsx builds it with
 * Vite's SSR mode): renders one URL to HTML with the same tree as main.tsx.
 *
 * `prerender` waits for every lazy page and Suspense boundary to resolve, so the
 * page's text is in the output (renderToString would emit the loading fallback).
 * No query has data here, so the session corner renders its placeholder and the
 * stats strip its fallback figures, exactly as the browser's first render does.
 */
/** A tree rendered to static HTML once every suspended part has resolved. */
async function renderStatic(
  tree: ReactNode,
  errors: unknown[],
  identifierPrefix?: string,
): Promise<string> {
  const { prelude } = await prerender(tree, {
    ...(identifierPrefix ? { identifierPrefix } : {}),
    // Never move a finished boundary to the end with a reveal script: the CSP allows
    // no inline script, and a static page has nothing to stream.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      errors.push(error);
    },
  });
  return new Response(prelude).text();
}

export async function renderPage(url: string): Promise<{ html: string; namespaces: string[] }> {
  const errors: unknown[] = [];
  forgetUsedNamespaces();
  const queryClient = createQueryClient();
  // Each island as a root of its own, wrapped as islands.tsx wraps it (IslandRenderContext).
  const islands = new Map<IslandName, Promise<string>>();
  const renderIsland = (name: IslandName, children: ReactNode) => {
    let html = islands.get(name);
    if (!html) {
      html = renderStatic(
        <StrictMode>
          <StaticRouter location={url}>
            <RouterSiteNav>
              <QueryClientProvider client={queryClient}>
                <PageReads>
                  <LanguageProvider>{children}</LanguageProvider>
                </PageReads>
              </QueryClientProvider>
            </RouterSiteNav>
          </StaticRouter>
        </StrictMode>,
        errors,
        islandIdPrefix(name),
      );
      islands.set(name, html);
    }
    return html;
  };
  const html = await renderStatic(
    <StrictMode>
      <IslandRenderContext value={renderIsland}>
        <StaticRouter location={url}>
          <App queryClient={queryClient} />
        </StaticRouter>
      </IslandRenderContext>
    </StrictMode>,
    errors,
  );
  if (errors.length > 0) throw errors[0];
  return { html, namespaces: usedNamespaces() };
}
