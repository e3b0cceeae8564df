import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { settingsSchema } from '../../../shared/schemas/settings';
import { cachedValue } from '../../lib/cache';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import { readSettings, updateSettings } from './settings.service';

export async function settingsRoutes(app: FastifyInstance) {
  const r = withZod(app);
  const current = cachedValue(5000, () => readSettings(app.db));

  r.get(
    '/api/settings',
    { schema: { response: { 200: z.object({ settings: settingsSchema }) } } },
    async () => ({
      settings: await current.get(),
    }),
  );

  r.put(
    '/api/settings',
    {
      preValidation: requireAdmin,
      schema: {
        body: z.object({ settings: settingsSchema }),
        response: { 200: z.object({ settings: settingsSchema, announced: z.number().int() }) },
      },
    },
    async (request) => {
      const saved = await updateSettings(
        app.db,
        request.body.settings,
        requestContext(request),
        app.config.publicUrl,
        app.config.smtpUrl !== undefined,
      );
      current.invalidate();
      return saved;
    },
  );
}
