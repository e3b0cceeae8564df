import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { forbidden } from '../lib/app-error';

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

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  await app.register(helmet, {
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
    hsts: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onRequest', async (request) => {
    if (isCrossSiteWrite(request, config)) {
      request.log.warn(
        { origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] },
        'cross-site write refused',
      );
      throw forbidden('Cross-site requests are not allowed');
    }
  });
});
