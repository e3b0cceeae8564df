/**
 * Runs after `vite build` (npm run build): renders every public page to static HTML
 * so its text, links and head tags are there without JavaScript, then the browser
 * hydrates only its islands (src/client/islands.tsx, decision 039): the parts that change,
 * the forms among them; never the whole app.
 *
 * Writes, in dist/client:
 * - app.html: the untouched shell, served for app routes that are not prerendered
 *   (/login, dashboards) and, with status 404, for unknown paths;
 * - index.html and <route>/index.html: one prerendered page per public route;
 * - sitemap.xml, and the Sitemap line of robots.txt;
 * - next to every text file, its .br and .gz, compressed once at the highest levels
 *   (served by @fastify/static's `preCompressed` when the browser accepts them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { firstLoadJs, firstLoadReportFile, formatKb } from './first-load-js';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const ssrDir = path.join(root, 'dist/ssr');
const manifestFile = path.join(clientDir, 'build-manifest.json');
// Decisions.md section 7: at most 90 KB gzip before the home page is interactive.
const firstLoadBudget = 90 * 1024;

type SsrEntry = {
  renderPage(url: string): Promise<{ html: string; namespaces: string[] }>;
  publicPagePaths: readonly string[];
  languages: readonly ('en' | 'sw')[];
  localizedPath(path: string, language: 'en' | 'sw'): string;
  site: { name: string; origin: string };
};

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

// 1. The server-side bundle: the same sources, aliases and `define`s as the client build.
await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/client/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
    minify: false,
  },
});
const entry = (await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href)) as SsrEntry;

// 2. The shell. When this script runs twice, index.html is already a page: reuse app.html.
const indexFile = path.join(clientDir, 'index.html');
const appFile = path.join(clientDir, 'app.html');
const built = fs.readFileSync(indexFile, 'utf8');
const shell = /<div id="root"><\/div>/.test(built) ? built : fs.readFileSync(appFile, 'utf8');
fs.writeFileSync(appFile, shell);

const manifest: Manifest | null = fs.existsSync(manifestFile)
  ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest)
  : null;
if (!manifest) console.warn('prerender: no build manifest; pages will not preload their chunks');

/** React puts a page's <title>, <meta> and <link> first in the markup: split them off. */
function splitHead(markup: string): { head: string[]; body: string } {
  const head: string[] = [];
  let rest = markup;
  const hoisted = /^\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;
  for (let match = hoisted.exec(rest); match; match = hoisted.exec(rest)) {
    head.push(match[1]!);
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/** A manifest entry's file and the files it imports statically, the entry's own first. */
function chunkWithImports(key: string): string[] {
  if (!manifest) return [];
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...files];
}

/** The page's own chunk and what it imports, by the convention route /x -> src/client/pages/x.tsx. */
function pageChunks(route: string, alreadyLoaded: string): string[] {
  const key = `src/client/pages/${route === '/' ? 'home' : route.slice(1)}.tsx`;
  return chunkWithImports(key).filter((file) => !alreadyLoaded.includes(`/${file}"`));
}

const bootKey = 'src/client/islands-boot.ts';
const islandsKey = 'src/client/islands.tsx';
if (manifest && (!manifest[bootKey]?.isEntry || !manifest[islandsKey])) {
  console.error(`prerender: the build manifest has no entry ${bootKey} importing ${islandsKey}`);
  process.exit(1);
}

/**
 * A public page runs its islands, not the app: the shell's entry script and its preloads
 * give way to the boot script alone, which loads the islands once the page has painted
 * (decision 041): nothing else is fetched beside the page before its first paint.
 */
function withIslandsEntry(html: string): string {
  const [bootFile] = chunkWithImports(bootKey);
  return html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      '</head>',
      () => `  <script type="module" crossorigin src="/${bootFile}"></script>\n  </head>`,
    );
}

/** The chunks of the catalogues a page rendered with (virtual:i18n/<language>/<namespace>). */
function catalogueChunks(language: string, namespaces: string[], alreadyLoaded: string): string[] {
  if (!manifest) return [];
  const wanted = new Set(namespaces.map((namespace) => `virtual:i18n/${language}/${namespace}`));
  return Object.entries(manifest)
    .filter(([key, chunk]) => wanted.has(key.replace(/^\0/, '')) || wanted.has(chunk.src ?? ''))
    .map(([, chunk]) => chunk.file)
    .filter((file) => !alreadyLoaded.includes(`/${file}"`));
}

/**
 * The stylesheet goes inside the page (the CSP allows inline styles): the first paint
 * then needs one request, not two, which on a mobile connection is the largest saving.
 * The file stays for app.html and the pages the browser renders itself.
 */
function inlineStylesheets(html: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const css = fs.readFileSync(path.join(clientDir, href), 'utf8');
      return css.includes('</style') ? tag : `<style>${css}</style>`;
    },
  );
}

function pageHtml(route: string, language: string, namespaces: string[], markup: string): string {
  const { head, body } = splitHead(markup);
  // Every public page hydrates its islands, the forms among them (decision 039).
  const islands = manifest !== null;
  let html = shell.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  if (islands) html = withIslandsEntry(html);
  if (head.some((tag) => tag.startsWith('<title>'))) {
    html = html.replace(/<title>[\s\S]*?<\/title>/, '<!--page-head-->');
  }
  if (head.some((tag) => /^<meta\b[^>]*\bname="description"/.test(tag))) {
    html = html.replace(/\s*<meta\s+name="description"[\s\S]*?\/?>/, '');
  }
  // An island page preloads nothing: whatever it fetched before its first paint would share
  // the link with the page (the islands ask for their code and messages after it).
  const preloads = (
    islands ? [] : [...pageChunks(route, html), ...catalogueChunks(language, namespaces, html)]
  ).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const headTags = head.join('\n    ');
  // Function replacers throughout: the page's text may hold `$&` and the like.
  html = html.includes('<!--page-head-->')
    ? html.replace('<!--page-head-->', () => headTags)
    : html.replace('</head>', () => `  ${headTags}\n  </head>`);
  if (preloads.length > 0) {
    html = html.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
  }
  // The catalogues the page was rendered with: main.tsx registers them before hydrating.
  html = html.replace(
    '</head>',
    () => `  <meta name="i18n-namespaces" content="${namespaces.join(',')}">\n  </head>`,
  );
  // The page works without JavaScript, so the shell's "needs JavaScript" note goes.
  html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  html = inlineStylesheets(html);
  return html.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

// 3. The pages, each in every language (the Kiswahili twin under /sw).
const written: string[] = [];
for (const language of entry.languages) {
  for (const route of entry.publicPagePaths) {
    const url = entry.localizedPath(route, language);
    const { html: markup, namespaces } = await entry.renderPage(url);
    // The not-found page (in either language) is the one marked noindex.
    if (/<meta name="robots" content="noindex"/.test(markup)) {
      console.warn(`prerender: ${url} has no page in the route table yet; skipped`);
      continue;
    }
    const file = url === '/' ? indexFile : path.join(clientDir, url.slice(1), 'index.html');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, pageHtml(route, language, namespaces, markup));
    written.push(url);
  }
}

// 4. Sitemap and robots.txt, with the origin the pages' canonical URLs use.
const { origin } = entry.site;
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...written.map((route) => `  <url><loc>${origin}${route}</loc></url>`),
  '</urlset>',
  '',
].join('\n');
fs.writeFileSync(path.join(clientDir, 'sitemap.xml'), sitemap);
const robotsFile = path.join(clientDir, 'robots.txt');
const robots = fs.existsSync(robotsFile) ? fs.readFileSync(robotsFile, 'utf8') : 'User-agent: *\n';
fs.writeFileSync(
  robotsFile,
  `${robots.replace(/^Sitemap:.*\n?/gm, '').trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`,
);

// The manifest was only for the preloads; it need not be served.
fs.rmSync(manifestFile, { force: true });

// 5. Compressed copies of every text file, so no byte goes uncompressed and no request pays
// for compression.
function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return textFiles(full);
    return /\.(?:js|css|html|svg|xml|txt|json|webmanifest)$/.test(item.name) ? [full] : [];
  });
}
for (const file of textFiles(clientDir)) {
  const content = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

// The home page's boot script, then what it loads before the page is interactive.
const home = firstLoadJs(indexFile, clientDir, [
  ...chunkWithImports(islandsKey),
  ...catalogueChunks('en', ['common'], ''),
]);
fs.writeFileSync(firstLoadReportFile(clientDir), `${JSON.stringify(home, null, 2)}\n`);
console.log(
  `prerendered ${written.length} pages for ${origin}: ${written.join(' ')}\n` +
    `first-load JS of /: ${formatKb(home.gzipBytes)} gzip in ${home.files.length} files ` +
    `(budget ${formatKb(firstLoadBudget)})`,
);
if (home.gzipBytes > firstLoadBudget) {
  console.error(
    `prerender: the first-load JavaScript of / is ${formatKb(home.gzipBytes)} gzip, over its ` +
      `budget of ${formatKb(firstLoadBudget)}:\n` +
      home.files.map((f) => `  ${f.file} ${formatKb(f.gzipBytes)}`).join('\n'),
  );
  process.exit(1);
}
