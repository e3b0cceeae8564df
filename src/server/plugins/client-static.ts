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

  // Prerendered pages are read once; they only change with a new build.
  const pageCache = new Map<string, string | null>();
  function prerenderedFile(pathname: string): string | null {
    if (pageCache.has(pathname)) return pageCache.get(pathname)!;
    const clean = pathname.replace(/\/+$/, '') || '/';
    const candidate = path.join(
      root,
      clean === '/' ? 'index.html' : `${clean.slice(1)}/index.html`,
    );
    const found =
      candidate.startsWith(root) && fs.existsSync(candidate)
        ? path.relative(root, candidate)
        : null;
    pageCache.set(pathname, found);
    return found;
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
