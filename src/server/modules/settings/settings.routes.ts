import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../../shared/schemas/settings';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/index';
import { cachedValue } from '../../lib/cache';
import { withZod } from '../../lib/route-types';

export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'site')).limit(1);
  const parsed = settingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

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
}
