import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstLoadJs = { files: { file: string; gzipBytes: number }[]; gzipBytes: number };

/**
 * The JavaScript a page asks for before it runs anything: its module script and the
 * chunks it preloads, gzip-compressed at zlib's default level (as Vite's build report does).
 */
export function firstLoadJs(htmlFile: string, clientDir: string): FirstLoadJs {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) {
    urls.add(match[1]!);
  }
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
