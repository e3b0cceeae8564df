import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { settingsSchema } from '../../../shared/schemas/settings';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { SettingsService } from './settings.service';

export async function settingsRoutes(app: FastifyInstance, opts: { settings: SettingsService }) {
  const r = withZod(app);

  r.get(
    '/api/settings',
    { schema: { response: { 200: z.object({ settings: settingsSchema }) } } },
    async () => ({ settings: await opts.settings.current() }),
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
    async (request) => opts.settings.update(request.body.settings, requestContext(request)),
  );
}
