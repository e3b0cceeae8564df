import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/index';
import { defaultLanguage, type Language, languages } from '../../../shared/i18n/languages';

/** The one settings row the site has. */
const SITE = 'site';

/** The stored value, unchecked (the service parses it); `lock` holds it for the transaction. */
/**
 * The site settings. `lock`: `update` for the one who changes them; `share` for a writer
 * that acts on them (applying), so that a change waits for it and it never commits on a
 * value already replaced; false for a plain read.
 */
export async function readSiteSettings(
  db: DbOrTx,
  options: { lock: false | 'share' | 'update' },
): Promise<unknown> {
  const query = db.select().from(settings).where(eq(settings.key, SITE));
  const [row] = await (options.lock ? query.for(options.lock) : query.limit(1));
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

type AroundName = { kind: string; subject: string; beforeName: string; afterName: string };

/**
 * Queues one mail to every active participant in one INSERT … SELECT, whatever their
 * number, each in their own language: the text is `beforeName`, their first name,
 * `afterName` of that language. Answers how many.
 */
export async function mailEveryActiveParticipant(
  tx: DbOrTx,
  mail: Record<Language, AroundName>,
): Promise<number> {
  const byLanguage = (pick: (m: AroundName) => SQL) =>
    sql`CASE ${sql.join(
      languages.map((language) => sql`WHEN language = ${language} THEN ${pick(mail[language])}`),
      sql` `,
    )} END`;
  const result = await tx.execute(sql`
    INSERT INTO mail_outbox (to_address, subject, text_body, kind)
    SELECT email,
      ${byLanguage((m) => sql`${m.subject}::text`)},
      ${byLanguage((m) => sql`${m.beforeName}::text || first_name || ${m.afterName}::text`)},
      ${mail[defaultLanguage].kind}
    FROM participants WHERE is_active
  `);
  // node-postgres says rowCount, PGlite affectedRows.
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}
