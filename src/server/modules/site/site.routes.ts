import type { FastifyInstance } from 'fastify';
import { siteInfoSchema, type SiteInfo } from '../../../shared/schemas/site';
import type { Config } from '../../config';
import { sendJsonText, withZod } from '../../lib/route-types';

/** Browsers and proxies may keep the answer this long: it changes only with a restart. */
export const SITE_INFO_MAX_AGE_S = 300;

/**
 * GET /api/site: the business's contact from the environment (CONTACT_EMAIL,
 * CONTACT_PHONE), for the prerendered pages, which are built before it is known. Anyone
 * may read it; it is the same for every visitor.
 */
export async function siteRoutes(app: FastifyInstance, opts: { config: Pick<Config, 'contact'> }) {
  const r = withZod(app);
  const info: SiteInfo = { contact: opts.config.contact };
  const json = JSON.stringify(siteInfoSchema.parse(info));
  r.get(
    '/api/site',
    { schema: { response: { 200: siteInfoSchema } }, config: { accessLog: 'debug' } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${SITE_INFO_MAX_AGE_S}`);
      return sendJsonText(reply, json);
    },
  );
}
