import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { participants, settings } from '../../db/schema/index';
import type { Language } from '../../../shared/i18n/languages';

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

export type StudyMailRecipient = {
  id: string;
  email: string;
  firstName: string;
  language: Language;
};

/**
 * The next `limit` participants the studies-open mail goes to (active, not blocked, study
 * mail not turned off), by id after `afterId`: the keyset of the primary key.
 */
export async function studyMailRecipientsAfter(
  tx: DbOrTx,
  afterId: string | undefined,
  limit: number,
): Promise<StudyMailRecipient[]> {
  return tx
    .select({
      id: participants.id,
      email: participants.email,
      firstName: participants.firstName,
      language: participants.language,
    })
    .from(participants)
    .where(
      and(
        eq(participants.isActive, true),
        eq(participants.studyMail, true),
        isNull(participants.blockedAt),
        afterId === undefined ? undefined : gt(participants.id, afterId),
      ),
    )
    .orderBy(asc(participants.id))
    .limit(limit);
}
