import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/**
 * The Node.js options production runs with: those of `npm start` in package.json (the one
 * place they are written), for the benches and the browser tests that start the bundle
 * themselves. Heap options of docs/decisions/044-export-memory-and-scale-misses.md.
 */
export function productionNodeOptions() {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...words] = String(manifest.scripts.start).split(/\s+/);
  if (command !== 'node') throw new Error('npm start is expected to run node');
  const options = [];
  for (const word of words) {
    if (!word.startsWith('--')) break;
    options.push(word);
  }
  return options;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command with its stdout and stderr captured together, in the order written, so
 * that steps running at the same time can each print their log whole when they end.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: root,
      ...options,
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
    child.on('error', (error) => resolve({ code: 127, output: String(error) }));
  });
}

/** The newest modification time of any file under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

export const clientSources = [
  'index.html',
  'vite.config.ts',
  'public',
  'src/client',
  'src/shared',
  'package-lock.json',
  'scripts/prerender.tsx',
];
export const clientBuildMarker = path.join(root, 'dist/client/index.html');

export function clientBuildIsStale() {
  if (!fs.existsSync(clientBuildMarker)) return true;
  return newestMtime(clientSources) > fs.statSync(clientBuildMarker).mtimeMs;
}

export const serverSources = [
  'src/server',
  'src/shared',
  'package-lock.json',
  'scripts/build-server.mjs',
];
export const serverBuildMarker = path.join(root, 'dist/server/main.mjs');

export function serverBuildIsStale() {
  if (!fs.existsSync(serverBuildMarker)) return true;
  return newestMtime(serverSources) > fs.statSync(serverBuildMarker).mtimeMs;
}

/** The origin the prerendered pages were built for (sitemap.xml's first address), or null. */
export function builtSiteOrigin() {
  const sitemap = path.join(root, 'dist/client/sitemap.xml');
  if (!fs.existsSync(sitemap)) return null;
  const first = /<loc>([^<]+)<\/loc>/.exec(fs.readFileSync(sitemap, 'utf8'))?.[1];
  try {
    return first ? new URL(first).origin : null;
  } catch {
    return null;
  }
}

/** What the site's address is set to for a build: SITE_ORIGIN, else PUBLIC_URL, else the default. */
export function siteOriginSetting(env = process.env) {
  return env.SITE_ORIGIN || env.PUBLIC_URL || 'http://localhost:5000';
}

/**
 * The origin a build writes into the prerendered pages (vite.config.ts): that of
 * siteOriginSetting, or null when it is not an absolute http(s) URL.
 */
export function wantedSiteOrigin(env = process.env) {
  let url;
  try {
    url = new URL(siteOriginSetting(env));
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/**
 * True when the prerendered pages' canonical links and sitemap name another address than
 * a build with this environment would (built without PUBLIC_URL, then started with it).
 */
export function builtForAnotherOrigin(env = process.env) {
  const built = builtSiteOrigin();
  const wanted = wantedSiteOrigin(env);
  return built !== null && wanted !== null && built !== wanted;
}

/** True when `npm run build` must run before serving: the client or the server bundle is old. */
export function buildIsStale() {
  return clientBuildIsStale() || serverBuildIsStale();
}
