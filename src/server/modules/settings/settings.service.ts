import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/index';
import { paths } from '../../../shared/paths';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../../shared/schemas/settings';
import { site } from '../../../shared/site';
import { recordAudit, type RequestContext } from '../audit/audit.service';

export async function readSettings(db: Db): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'site')).limit(1);
  const parsed = settingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/**
 * Saves the settings. Switching studies from postponed to open keeps the
 * footer's promise: every registered participant is mailed, once per opening,
 * through the outbox in the same transaction (one INSERT … SELECT, whatever
 * their number).
 */
export async function updateSettings(
  db: Db,
  next: Settings,
  ctx: RequestContext,
  publicUrl: string,
  smtpConfigured: boolean,
): Promise<{ settings: Settings; announced: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.key, 'site')).for('update');
    const before = settingsSchema.safeParse(row?.value).data ?? DEFAULT_SETTINGS;
    await tx
      .insert(settings)
      .values({ key: 'site', value: next, updatedBy: ctx.actor?.id ?? null })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: next, updatedAt: sql`now()`, updatedBy: ctx.actor?.id ?? null },
      });
    let announced = 0;
    if (!before.studiesOpen && next.studiesOpen) {
      const link = `${publicUrl}${paths.participantDashboard}`;
      const result = await tx.execute(sql`
        INSERT INTO mail_outbox (to_address, subject, text_body, kind)
        SELECT email,
               ${`New research studies are open — ${site.name}`},
               'Hello ' || first_name || E',\n\n' || ${`New paid research studies are open. Sign in to see them and apply: ${link}\n\n— ${site.name}`},
               'studies-open'
        FROM participants WHERE is_active
      `);
      announced =
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0;
    }
    await recordAudit(tx, ctx, {
      action: 'settings.update',
      resource: 'settings',
      resourceId: 'site',
      details: { before, after: next, announced, smtpConfigured },
    });
    return { settings: next, announced };
  });
}
