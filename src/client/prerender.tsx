import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { forgetUsedNamespaces, usedNamespaces } from './i18n/catalogue-loader';
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
export async function renderPage(url: string): Promise<{ html: string; namespaces: string[] }> {
  const errors: unknown[] = [];
  forgetUsedNamespaces();
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App queryClient={createQueryClient()} />
      </StaticRouter>
    </StrictMode>,
    {
      // Never move a finished boundary to the end with a reveal script: the CSP allows
      // no inline script, and a static page has nothing to stream.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        errors.push(error);
      },
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  return { html, namespaces: usedNamespaces() };
}
