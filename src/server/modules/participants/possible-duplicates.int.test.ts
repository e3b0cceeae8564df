import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { loginAs } from '../../../../test/factories';

// The stored possible-duplicate flag (migration 0020's trigger) against the rule of
// decisions.md section 10: another account with the same lower-cased first and last name and
// date of birth (not null, not empty), or the same payout number coalesce(payout_phone, phone).

let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

type Row = typeof participants.$inferInsert;
let serial = 0;
/** A unique Kenyan mobile number (E.164) no other test row has. */
const phone = () =>
  `+2547${String(crypto.randomInt(10_000_000) * 10 + (serial++ % 10)).padStart(8, '0')}`;
const family = () => `Dup${crypto.randomBytes(4).toString('hex')}`;

/** Inserts a participant (as registration does, one row) with these columns; its id. */
async function insert(values: Partial<Row> & { lastName: string }, db = t.database.db) {
  const [row] = await db
    .insert(participants)
    .values({
      firstName: 'Amina',
      email: `${crypto.randomBytes(6).toString('hex')}@example.com`,
      phone: phone(),
      passwordHash: 'x',
      ...values,
    })
    .returning({ id: participants.id });
  return row!.id;
}
const change = (id: string, values: Partial<Row>) =>
  t.database.db.update(participants).set(values).where(eq(participants.id, id));

/** The stored flag of each id. */
async function flags(...ids: string[]): Promise<boolean[]> {
  const rows = await t.database.db
    .select({ id: participants.id, flag: participants.hasPossibleDuplicate })
    .from(participants)
    .where(inArray(participants.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.flag]));
  return ids.map((id) => byId.get(id)!);
}

/** Rows whose stored flag differs from the rule computed afresh: none, whatever happened. */
async function disagreements(): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    SELECT q.id::text AS id FROM participants q
    WHERE q.has_possible_duplicate IS DISTINCT FROM (
      (coalesce(q.date_of_birth, '') <> '' AND EXISTS (
        SELECT 1 FROM participants o
        WHERE lower(o.first_name) = lower(q.first_name) AND lower(o.last_name) = lower(q.last_name)
          AND o.date_of_birth = q.date_of_birth AND o.id <> q.id))
      OR EXISTS (
        SELECT 1 FROM participants o
        WHERE coalesce(o.payout_phone, o.phone) = coalesce(q.payout_phone, q.phone) AND o.id <> q.id))`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

async function listed(query: string) {
  const res = await t.app.inject({
    url: `/api/participants?limit=100&${query}`,
    headers: { cookie: boss.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { participants: { id: string }[]; total: number };
  return { ids: body.participants.map((p) => p.id).sort(), total: body.total };
}

describe('the stored possible-duplicate flag', () => {
  it('appears on both rows when a second person with the same names (any case) and date of birth arrives', async () => {
    const f = family();
    const a = await insert({ firstName: 'Wanjiku', lastName: f, dateOfBirth: '1990-05-01' });
    expect(await flags(a)).toEqual([false]);
    const b = await insert({
      firstName: 'WANJIKU',
      lastName: f.toUpperCase(),
      dateOfBirth: '1990-05-01',
    });
    expect(await flags(a, b)).toEqual([true, true]);
    // A third joins the group; the first leaves it by a new first name: the other two stay flagged.
    const c = await insert({ firstName: 'wanjiku', lastName: f, dateOfBirth: '1990-05-01' });
    await change(a, { firstName: 'Njeri' });
    expect(await flags(a, b, c)).toEqual([false, true, true]);
    // One of the last two changes the date of birth: nobody is left flagged.
    await change(c, { dateOfBirth: '1990-05-02' });
    expect(await flags(a, b, c)).toEqual([false, false, false]);
    // Back to the same date: flagged again; then one is deleted and the other is alone.
    await change(c, { dateOfBirth: '1990-05-01' });
    expect(await flags(b, c)).toEqual([true, true]);
    await t.database.db.delete(participants).where(eq(participants.id, c));
    expect(await flags(b)).toEqual([false]);
    expect(await disagreements()).toEqual([]);
  });

  it('disappears from both when one changes their last name', async () => {
    const f = family();
    const a = await insert({ lastName: f, dateOfBirth: '1985-01-31' });
    const b = await insert({ lastName: f, dateOfBirth: '1985-01-31' });
    expect(await flags(a, b)).toEqual([true, true]);
    await change(b, { lastName: `${f}x` });
    expect(await flags(a, b)).toEqual([false, false]);
  });

  it('never matches on a date of birth that is null or empty', async () => {
    const f = family();
    const a = await insert({ lastName: f });
    const b = await insert({ lastName: f });
    const c = await insert({ lastName: f, dateOfBirth: '' });
    const d = await insert({ lastName: f, dateOfBirth: '' });
    expect(await flags(a, b, c, d)).toEqual([false, false, false, false]);
    // A date given to one of them matches nobody else.
    await change(a, { dateOfBirth: '2000-02-29' });
    expect(await flags(a, b, c, d)).toEqual([false, false, false, false]);
    // Emptied again after a match: the match ends.
    await change(b, { dateOfBirth: '2000-02-29' });
    expect(await flags(a, b)).toEqual([true, true]);
    await change(b, { dateOfBirth: '' });
    expect(await flags(a, b)).toEqual([false, false]);
  });

  it('matches a payout number that is another account\u2019s phone, and ends when it changes', async () => {
    const f = family();
    const aPhone = phone();
    const a = await insert({ lastName: f, firstName: 'Otieno', phone: aPhone });
    const b = await insert({ lastName: `${f}b`, firstName: 'Kamau', payoutPhone: aPhone });
    expect(await flags(a, b)).toEqual([true, true]);
    // Paid to a number of their own: both clear.
    await change(b, { payoutPhone: phone() });
    expect(await flags(a, b)).toEqual([false, false]);
    // The same payout number on two accounts, then one back to paying to its own phone.
    const shared = phone();
    await change(a, { payoutPhone: shared });
    await change(b, { payoutPhone: shared });
    expect(await flags(a, b)).toEqual([true, true]);
    await change(a, { payoutPhone: null });
    expect(await flags(a, b)).toEqual([false, false]);
    // A's phone becomes the number B is paid to: matched through the phone.
    await change(a, { phone: shared });
    expect(await flags(a, b)).toEqual([true, true]);
    // Deleted: the one left is alone.
    await t.database.db.delete(participants).where(eq(participants.id, a));
    expect(await flags(b)).toEqual([false]);
  });

  it('is not touched by changes to other columns', async () => {
    const f = family();
    const a = await insert({ lastName: f, dateOfBirth: '1970-07-07' });
    const b = await insert({ lastName: f, dateOfBirth: '1970-07-07' });
    await change(a, { county: 'Nairobi', lastLoginAt: new Date() });
    // The same names in another case, written again: still one group.
    await change(b, { firstName: 'AMINA', lastName: f.toLowerCase() });
    expect(await flags(a, b)).toEqual([true, true]);
  });

  it('lists exactly the flagged under duplicates=true, with the total, and the rest under false', async () => {
    const f = family();
    const a = await insert({ lastName: f, dateOfBirth: '1999-12-31' });
    const b = await insert({ lastName: f, dateOfBirth: '1999-12-31' });
    const c = await insert({ lastName: f, dateOfBirth: '1999-12-30' });
    expect(await listed(`search=${f}&duplicates=true`)).toEqual({
      ids: [a, b].sort(),
      total: 2,
    });
    expect(await listed(`search=${f}&duplicates=false`)).toEqual({ ids: [c], total: 1 });
    const everyone = await t.database.db
      .select({ id: participants.id, flag: participants.hasPossibleDuplicate })
      .from(participants);
    const flagged = everyone
      .filter((r) => r.flag)
      .map((r) => r.id)
      .sort();
    const all = await listed('duplicates=true');
    expect(all).toEqual({ ids: flagged, total: flagged.length });
    expect(await disagreements()).toEqual([]);
  });

  it('flags every one of several people registering the same names and date of birth at once', async () => {
    // Each registration's transaction stays open a moment after its row is written, so on
    // PostgreSQL they overlap: without the trigger's lock per group, each would miss the
    // others' uncommitted rows and nobody would be flagged.
    const f = family();
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    const ids = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.database.db.transaction(async (tx) => {
          const id = await insert({ lastName: f, dateOfBirth: '1995-03-15' }, tx);
          await pause();
          return id;
        }),
      ),
    );
    expect(await flags(...ids)).toEqual([true, true, true, true]);
    // The same with one payout number: two people at once.
    const shared = phone();
    const paid = await Promise.all(
      [`${f}p`, `${f}q`].map((lastName) =>
        t.database.db.transaction(async (tx) => {
          const id = await insert({ lastName, payoutPhone: shared }, tx);
          await pause();
          return id;
        }),
      ),
    );
    expect(await flags(...paid)).toEqual([true, true]);
    expect(await disagreements()).toEqual([]);
  });

  it('leaves nobody wrong when one person leaves a group as another joins it, at once', async () => {
    const f = family();
    const a = await insert({ lastName: f, dateOfBirth: '1980-08-08' });
    const b = await insert({ lastName: f, dateOfBirth: '1980-08-08' });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    const results = await Promise.allSettled([
      t.database.db.transaction(async (tx) => {
        await tx
          .update(participants)
          .set({ lastName: `${f}x` })
          .where(eq(participants.id, a));
        await pause();
      }),
      t.database.db.transaction(async (tx) => {
        await insert({ lastName: f, dateOfBirth: '1980-08-08' }, tx);
        await pause();
      }),
    ]);
    // Either both commit, or PostgreSQL ends one as a deadlock (the app answers 409): never a wrong flag.
    for (const r of results)
      if (r.status === 'rejected')
        expect(String((r.reason as { cause?: { code?: string } }).cause?.code ?? r.reason)).toMatch(
          /40P01/,
        );
    expect(await flags(b)).toEqual([results[1].status === 'fulfilled']);
    expect(await disagreements()).toEqual([]);
  });
});
