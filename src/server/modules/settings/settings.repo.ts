import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/index';

/** The one settings row the site has. */
const SITE = 'site';

/** The stored value, unchecked (the service parses it); `lock` holds it for the transaction. */
export async function readSiteSettings(db: DbOrTx, options: { lock: boolean }): Promise<unknown> {
  const query = db.select().from(settings).where(eq(settings.key, SITE));
  const [row] = await (options.lock ? query.for('update') : query.limit(1));
  return row?.value;
}

export async function saveSiteSettings(
  tx: DbOrTx,
  value: unknown,
  updatedBy: string | null,
): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: SITE, value, updatedBy })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedAt: sql`now()`, updatedBy },
    });
}

/**
 * Queues one mail to every active participant in one INSERT … SELECT, whatever their
 * number: the text is `beforeName`, their first name, `afterName`. Answers how many.
 */
export async function mailEveryActiveParticipant(
  tx: DbOrTx,
  mail: { kind: string; subject: string; beforeName: string; afterName: string },
): Promise<number> {
  const result = await tx.execute(sql`
    INSERT INTO mail_outbox (to_address, subject, text_body, kind)
    SELECT email, ${mail.subject}, ${mail.beforeName} || first_name || ${mail.afterName}, ${mail.kind}
    FROM participants WHERE is_active
  `);
  // node-postgres says rowCount, PGlite affectedRows.
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
