import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participants } from '../../db/schema/index';

/**
 * Test helpers for recruiting: people written straight to the database with a research
 * profile (registering each through the API would cost a password hash apiece).
 */
export type TestProfile = Partial<
  Pick<
    typeof participants.$inferInsert,
    | 'dateOfBirth'
    | 'gender'
    | 'county'
    | 'employment'
    | 'incomeBand'
    | 'languages'
    | 'devices'
    | 'inviteOptIn'
    | 'lastInvitedAt'
    | 'blockedAt'
    | 'isActive'
    | 'language'
    | 'firstName'
    | 'phone'
  >
>;

/** Inserts one participant per profile (not able to sign in); answers their ids in order. */
export async function insertPeople(db: Db, profiles: readonly TestProfile[]): Promise<string[]> {
  if (profiles.length === 0) return [];
  const rows = await db
    .insert(participants)
    .values(
      profiles.map((p) => {
        const tag = crypto.randomBytes(6).toString('hex');
        return {
          firstName: 'Wanjiru',
          lastName: 'Test',
          email: `person.${tag}@example.com`,
          phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
          passwordHash: 'not-a-hash',
          ...p,
        };
      }),
    )
    .returning({ id: participants.id });
  return rows.map((r) => r.id);
}

/** Sets research profile fields of existing participants. */
export async function setProfile(db: Db, ids: string | readonly string[], profile: TestProfile) {
  const list = typeof ids === 'string' ? [ids] : [...ids];
  await db.update(participants).set(profile).where(inArray(participants.id, list));
}

export async function profileOf(db: Db, id: string) {
  const [row] = await db.select().from(participants).where(eq(participants.id, id));
  return row!;
}
