import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messageBody, withZod } from '../../lib/route-types';
import { requestContext } from '../../plugins/session';
import type { UnsubscribeService } from './unsubscribe.service';

/** What a one-click body may weigh: `List-Unsubscribe=One-Click`, with room for framing. */
const ONE_CLICK_BODY_BYTES = 4096;

/**
 * POST /api/unsubscribe/{token} (RFC 8058): no sign-in, and posted cross-site by mail
 * clients, so it is the one write the cross-site guard lets through (config.crossSite);
 * nothing but the signed token decides what it does. The body (`List-Unsubscribe=One-Click`
 * as a form, multipart or JSON, or nothing) is read and ignored.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  opts: { unsubscribe: UnsubscribeService },
) {
  // This plugin's own parsers (encapsulated): any body type, small, never parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_BYTES },
    (_request, _body, done) => done(null, undefined),
  );
  const r = withZod(app);

  r.post(
    '/api/unsubscribe/:token',
    {
      config: { rateLimit: app.rateLimits.forms, crossSite: 'allowed', redactUrl: true },
      schema: {
        params: z.object({ token: z.string() }),
        response: { 200: messageBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.unsubscribe.unsubscribe(request.params.token, requestContext(request));
    },
  );
}
