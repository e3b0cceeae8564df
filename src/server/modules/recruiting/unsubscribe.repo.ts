import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/index';

const KEY = 'unsubscribe_key';

/**
 * The HMAC key of the unsubscribe links: made once, by whichever process needs it first,
 * and kept in the settings table so every instance and every restart signs alike.
 */
export async function readOrCreateUnsubscribeKey(db: DbOrTx, fresh: string): Promise<string> {
  await db.insert(settings).values({ key: KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  if (typeof row?.value !== 'string') throw new Error('the unsubscribe key is not text');
  return row.value;
}
