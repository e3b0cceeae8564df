import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tr } from '../../shared/i18n/runtime';
import { isClientRoute } from '../../shared/paths';
import { projectRoot } from '../lib/project-root';

export const defaultClientDir = path.join(projectRoot(), 'dist/client');

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached,
 * a prerendered page where one exists, else the app shell (200 for the app's
 * routes, 404 for the rest so the 404 page is also a 404 to crawlers).
 * Unknown /api paths are JSON 404s.
 */
export const clientStaticPlugin = fp(async (app: FastifyInstance, opts: { clientDir: string }) => {
  const root = opts.clientDir;
  const hasClient = fs.existsSync(path.join(root, 'index.html'));

  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      redirect: false,
      // The build writes a .br and a .gz beside every text file; serve those as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(root, filePath).replace(/\.(?:br|gz)$/, '');
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : relative.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }

  // The prerendered pages, found once: they only change with a new build. Looked up by
  // path, never cached per request (a path of the client's routes can hold any id, and a
  // cache keyed by what visitors send would grow without end).
  const prerendered = hasClient ? prerenderedPages(root) : new Map<string, string>();
  function prerenderedFile(pathname: string): string | null {
    return prerendered.get(pathname.replace(/\/+$/, '') || '/') ?? null;
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !hasClient) {
      return reply.status(404).send({ message: tr('errors', 'notFound') });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: tr('errors', 'notFound') });
    }
    // A missing file (an old hashed asset, a typo'd image, a probe for /.env) is a 404
    // in the shape of every error answer, not the app: a browser that gets HTML for a
    // script would fail confusingly.
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname)) {
      return reply.status(404).send({ message: tr('errors', 'notFound') });
    }
    const known = isClientRoute(pathname);
    const file = (known && prerenderedFile(pathname)) || 'app.html';
    const shell = fs.existsSync(path.join(root, file)) ? file : 'index.html';
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile(shell, root);
  });
});

/**
 * Every `index.html` under the client's directory but its assets, by the path it is served
 * at: `index.html` at `/`, `about/index.html` at `/about`, `sw/about/index.html` at `/sw/about`.
 */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  const visit = (directory: string) => {
    for (const entry of fs.readdirSync(path.join(root, directory), { withFileTypes: true })) {
      if (!entry.isDirectory() || (directory === '' && entry.name === 'assets')) continue;
      visit(path.join(directory, entry.name));
    }
    const page = path.join(directory, 'index.html');
    if (fs.existsSync(path.join(root, page)))
      pages.set(`/${directory.split(path.sep).join('/')}`.replace(/\/$/, '') || '/', page);
  };
  visit('');
  return pages;
}
