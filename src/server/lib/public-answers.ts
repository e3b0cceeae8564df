import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * The public reads every open page polls (`GET /api/stats`, `GET /api/tests` for a visitor)
 * answered by the HTTP server itself from the JSON the services hold, before Fastify
 * (decision 043). A profile showed that once those bytes are held, what a request costs is
 * Fastify's handling in a process of 150 routes and their plugins: the routing, the
 * request and reply objects, the hook chain and the reply pipeline, about a quarter of the
 * request's CPU.
 *
 * Only the exact URL, a GET, with no session cookie, while the JSON is held (fresh or in
 * its stale-while-reloading window) and the server is not stopping: anything else goes to
 * Fastify, whose route answers the same bytes with the same headers (a test holds the two
 * equal) and does the loading, the 503s and the signed-in answers.
 */
export type PublicAnswers = {
  /**
   * Answers `url` with `json()` while it gives the bytes (undefined: Fastify's route loads
   * them), with the route's `cache-control`.
   */
  add(url: string, cacheControl: string, json: () => string | undefined): void;
  /** From now on, everything goes to Fastify (the server is stopping: it answers 503). */
  stop(): void;
  /** How many requests were answered before Fastify (the tests tell the two paths apart). */
  served(): number;
  /** Fastify's server, with the answers in front of its handler. */
  serverFactory: FastifyServerFactory;
};

export type PublicAnswersOptions = {
  /** The security headers every API answer carries (plugins/security.ts). */
  headers: Readonly<Record<string, string>>;
  /** The request's id as Fastify would give it (a proxy's x-request-id, else its own). */
  requestId: (req: http.IncomingMessage) => string;
  /** The session cookie's name: a request that carries it is someone's, not a visitor's. */
  sessionCookie: string;
};

export function createPublicAnswers(options: PublicAnswersOptions): PublicAnswers {
  const { headers, requestId } = options;
  // Its name anywhere in the header: the cookie parser forgives `sid =…`, and a visitor
  // whose other cookies happen to hold the name only takes Fastify's path.
  const { sessionCookie } = options;
  const answers = new Map<
    string,
    {
      headers: Record<string, string>;
      json: () => string | undefined;
      /** The last body sent and its length in bytes: measured once per body, not per request. */
      sent: { body: string; length: string } | undefined;
    }
  >();
  let stopped = false;
  let served = 0;

  /** True when it answered; false leaves the request to Fastify, untouched. */
  function answer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (stopped || req.method !== 'GET') return false;
    const found = answers.get(req.url ?? '');
    if (!found) return false;
    const cookie = req.headers.cookie;
    if (cookie !== undefined && cookie.includes(sessionCookie)) return false;
    const body = found.json();
    if (body === undefined) return false;
    if (found.sent?.body !== body) found.sent = { body, length: String(Buffer.byteLength(body)) };
    // Built a property at a time, not spread: under load V8 kept every spread copy past two
    // scavenges (about 1 MB promoted to the old generation every 75 ms, then mark-compacts),
    // which cost more than Fastify's own path (decision 043).
    const head: Record<string, string> = {};
    for (const name in found.headers) head[name] = found.headers[name]!;
    head['content-length'] = found.sent.length;
    head['x-request-id'] = requestId(req);
    res.writeHead(200, head);
    res.end(body);
    served += 1;
    return true;
  }

  return {
    add(url, cacheControl, json) {
      answers.set(url, {
        headers: {
          ...headers,
          'cache-control': cacheControl,
          'content-type': 'application/json; charset=utf-8',
        },
        json,
        sent: undefined,
      });
    },
    stop() {
      stopped = true;
    },
    served: () => served,
    // As Fastify's own factory makes an HTTP/1 server (lib/server.js), with the answers first.
    serverFactory: (handler, options) => {
      const opts = options as {
        http?: http.ServerOptions;
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = http.createServer(opts.http ?? {}, (req, res) => {
        if (!answer(req, res)) handler(req, res);
      });
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
  };
}
