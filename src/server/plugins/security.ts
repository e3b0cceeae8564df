import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { inLanguageOf } from '../i18n/catalogues';
import { AppError, forbidden } from '../lib/app-error';
import { tr } from '../../shared/i18n/runtime';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's own origin, as the browser would write it. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** True when a state-changing request comes from another site (decisions.md section 4). */
export function isCrossSiteWrite(request: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== config.publicOrigin && origin !== requestOrigin(request);
}

/** Headers for pages and assets: the strict CSP the built client runs under. */
export function pageHelmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Radix set style attributes; no inline scripts are ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * Headers for JSON answers: nothing may load or frame them, and the
 * document-only headers (DNS prefetch, download options...) are left out.
 */
export function apiHelmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies
      ? { maxAge: 31536000, includeSubDomains: true }
      : false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet sets, computed once: they depend on the configuration
 * only, so running helmet's middleware chain on every response (measured at
 * about a tenth of the cost of a cached API answer) buys nothing.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/** The API docs are a page (Swagger UI), the rest of /api is JSON. */
const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The router's own refusals (a malformed percent-encoding such as `GET /%`, a parameter
 * over the length limit) happen before any hook runs: this answers them with the same
 * headers and `{ message }` shape as every other error (decisions.md section 8).
 */
export function frameworkErrorHandler(config: Config) {
  const pageHeaders = securityHeaders(pageHelmetOptions(config));
  const apiHeaders = securityHeaders(apiHelmetOptions(config));
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // No hook has run: the language is read from the header here.
    const [status, message] = inLanguageOf(request.headers, () =>
      error.code === 'FST_ERR_BAD_URL'
        ? ([400, tr('errors', 'badUrl')] as const)
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? ([414, tr('errors', 'urlTooLong')] as const)
          : ([500, tr('errors', 'internal')] as const),
    );
    if (status >= 500) request.log.error({ code: error.code }, 'router error');
    void reply
      .headers(isApiUrl(request.url) ? apiHeaders : pageHeaders)
      .header('x-request-id', request.id)
      .status(status)
      .send({ message });
  };
}

/**
 * Requests Node's HTTP parser refuses (malformed request line or headers, headers too
 * large, a client too slow) never reach Fastify; they get the API headers and a
 * `{ message }` body too, written straight to the socket as Node itself would.
 */
export function clientErrorHandler(config: Config) {
  const apiHeaders = securityHeaders(apiHelmetOptions(config));
  const fixedHeaders = Object.entries(apiHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Duplex,
  ) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : [400, 'Bad Request', 'The request is malformed'];
    this.log.debug({ code: error.code }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify({ message });
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\n${fixedHeaders}content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods of the routes registered so far, by path pattern; wildcard routes aside. */
function routeTable() {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  return {
    add(url: string, method: string | string[]) {
      if (url.includes('*')) return;
      let methods = byUrl.get(url);
      if (!methods) {
        methods = new Set();
        byUrl.set(url, methods);
        const source = url
          .split('/')
          .map((part) =>
            part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/');
        routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
      }
      for (const m of Array.isArray(method) ? method : [method]) methods.add(m.toUpperCase());
    },
    /** The methods another route answers this path with, in a stable order. */
    allowed(pathname: string): string[] {
      const found = new Set<string>();
      for (const route of routes)
        if (route.pattern.test(pathname)) for (const m of route.methods) found.add(m);
      return HTTP_METHODS.filter((m) => found.has(m));
    },
  };
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const pageHeaders = securityHeaders(pageHelmetOptions(config));
  const apiHeaders = securityHeaders(apiHelmetOptions(config));
  const routes = routeTable();
  app.addHook('onRoute', (route) => routes.add(route.url, route.method));
  // Fastify's own 503 while closing has neither these headers nor `{ message }` (app.ts
  // turns it off): a request that still arrives on an open connection gets this one.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  // Synchronous, with a callback: an async hook costs every request a promise and a
  // microtask (decision 040), and nothing here waits.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    if (closing) {
      reply.header('connection', 'close');
      return done(new AppError(503, 'SHUTTING_DOWN', tr('errors', 'restarting')));
    }
    if (request.is404) {
      // A known path asked with a method it does not take is a 405 naming those it does.
      const allowed = routes.allowed(request.url.split('?')[0] ?? '/');
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return done(new AppError(405, 'METHOD_NOT_ALLOWED', tr('errors', 'methodNotAllowed')));
      }
    }
    // The one-click unsubscribe (RFC 8058) is posted by mail clients from other sites.
    if (request.routeOptions.config.crossSite !== 'allowed' && isCrossSiteWrite(request, config)) {
      request.log.warn(
        { origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] },
        'cross-site write refused',
      );
      return done(forbidden(tr('errors', 'crossSite')));
    }
    done();
  });
});
