import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstLoadJs = { files: { file: string; gzipBytes: number }[]; gzipBytes: number };

/**
 * Where the prerender writes the first-load JavaScript of / (outside dist/client: not served),
 * for bench:lighthouse to report beside what Lighthouse saw load.
 */
export const firstLoadReportFile = (clientDir: string) =>
  path.join(clientDir, '..', 'first-load-js.json');

/**
 * The JavaScript a page needs before it is interactive: here its module script and the
 * chunks it preloads; a public page's boot script names none, and the prerender passes
 * what it loads after the first paint (the islands, their imports, the `common` messages).
 * Gzip-compressed at zlib's default level (as Vite's build report does).
 */
export function firstLoadJs(
  htmlFile: string,
  clientDir: string,
  after: string[] = [],
): FirstLoadJs {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) {
    urls.add(match[1]!);
  }
  for (const file of after) urls.add(`/${file}`);
  const files = [...urls]
    .filter((url) => url.startsWith('/'))
    .map((url) => ({
      file: url,
      gzipBytes: gzipSync(fs.readFileSync(path.join(clientDir, url))).length,
    }));
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
