import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { participants, settings } from '../../db/schema/index';

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

/**
 * Turns the participant's choice of `kind` off when it is on: true when it changed (the
 * guard is in the statement, so two clicks at once record one change).
 */
export async function unsubscribeFrom(
  tx: DbOrTx,
  participantId: string,
  kind: 'invitations' | 'studies',
): Promise<boolean> {
  const column = kind === 'invitations' ? participants.inviteOptIn : participants.studyMail;
  const changed = await tx
    .update(participants)
    .set(kind === 'invitations' ? { inviteOptIn: false } : { studyMail: false })
    .where(and(eq(participants.id, participantId), eq(column, true)))
    .returning({ id: participants.id });
  return changed.length > 0;
}
