import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs } from '../../../../test/factories';

// 21:30 UTC is already the next day in Nairobi: 2026-11-27.
const NOW = new Date('2026-11-26T21:30:00Z');
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

type Row = typeof participants.$inferInsert;
/** A participant with a family name of the test's own (searched), and these columns. */
async function person(family: string, values: Partial<Row> = {}, first = 'Amina') {
  const { participant } = await createParticipant(t.app, { firstName: first, lastName: family });
  if (Object.keys(values).length > 0)
    await t.database.db.update(participants).set(values).where(eq(participants.id, participant.id));
  return participant.id;
}
const family = () => `Fam${crypto.randomBytes(4).toString('hex')}`;
const list = async (query: string) => {
  const res = await t.app.inject({
    url: `/api/participants?${query}`,
    headers: { cookie: boss.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    participants: { id: string; possibleDuplicates: string[] }[];
    total: number;
    nextCursor: string | null;
  };
};
const ids = async (f: string, filter: string) =>
  (await list(`search=${f}&${filter}`)).participants.map((p) => p.id).sort();

describe('participant filters (decisions.md section 10)', () => {
  it('filters by each single choice, with the total', async () => {
    const f = family();
    const a = await person(f, {
      gender: 'woman',
      county: "Murang'a",
      employment: 'student',
      incomeBand: 'under_10k',
      internetAccess: 'mobile_only',
      education: 'High School',
    });
    const b = await person(f, {
      gender: 'man',
      county: 'Nairobi',
      employment: 'casual',
      incomeBand: '30k_50k',
      internetAccess: 'none',
      education: "Master's Degree",
    });
    await person(f); // nothing given: matches no filter
    expect(await ids(f, 'gender=woman')).toEqual([a]);
    expect(await ids(f, `county=${encodeURIComponent("Murang'a")}`)).toEqual([a]);
    expect(await ids(f, 'county=Nairobi')).toEqual([b]);
    expect(await ids(f, 'employment=casual')).toEqual([b]);
    expect(await ids(f, 'incomeBand=under_10k')).toEqual([a]);
    expect(await ids(f, 'internetAccess=none')).toEqual([b]);
    expect(await ids(f, `education=${encodeURIComponent("Master's Degree")}`)).toEqual([b]);
    expect(await ids(f, 'gender=woman&county=Nairobi')).toEqual([]);
    expect((await list(`search=${f}&gender=man`)).total).toBe(1);
    expect((await list(`search=${f}`)).total).toBe(3);
  });

  it('filters languages, devices and mobile money by "has it"', async () => {
    const f = family();
    const a = await person(f, {
      languages: ['english', 'kiswahili'],
      devices: ['android_phone', 'computer'],
      mobileMoney: ['mpesa'],
    });
    const b = await person(f, {
      languages: ['dholuo'],
      devices: ['feature_phone'],
      mobileMoney: ['mpesa', 'airtel_money'],
    });
    expect(await ids(f, 'language=kiswahili')).toEqual([a]);
    expect(await ids(f, 'device=feature_phone')).toEqual([b]);
    expect(await ids(f, 'mobileMoney=mpesa')).toEqual([a, b].sort());
    expect(await ids(f, 'mobileMoney=airtel_money&language=dholuo')).toEqual([b]);
    expect(await ids(f, 'device=tablet')).toEqual([]);
  });

  it("filters by age in whole years on Nairobi's date, from the date of birth", async () => {
    const f = family();
    const turned26Today = await person(f, { dateOfBirth: '2000-11-27' });
    const turns26Tomorrow = await person(f, { dateOfBirth: '2000-11-28' });
    const sixty = await person(f, { dateOfBirth: '1966-01-15' });
    await person(f); // no date of birth: no age filter matches
    expect(await ids(f, 'ageMin=26')).toEqual([turned26Today, sixty].sort());
    expect(await ids(f, 'ageMax=25')).toEqual([turns26Tomorrow]);
    expect(await ids(f, 'ageMin=25&ageMax=26')).toEqual([turned26Today, turns26Tomorrow].sort());
    expect(await ids(f, 'ageMin=60&ageMax=60')).toEqual([sixty]);
    expect(await ids(f, 'ageMin=61')).toEqual([]);
  });

  it('filters by the invitation choice and blocked', async () => {
    const f = family();
    const invited = await person(f, { inviteOptIn: true });
    const blocked = await person(f, { blockedAt: NOW });
    expect(await ids(f, 'inviteOptIn=true')).toEqual([invited]);
    expect(await ids(f, 'inviteOptIn=false')).toEqual([blocked]);
    expect(await ids(f, 'blocked=true')).toEqual([blocked]);
    expect(await ids(f, 'blocked=false')).toEqual([invited]);
  });

  it('combines filters with keyset paging: every match once, the total of all pages', async () => {
    const f = family();
    const women: string[] = [];
    for (let i = 0; i < 5; i++) women.push(await person(f, { gender: 'woman' }));
    await person(f, { gender: 'man' });
    const seen: string[] = [];
    let page = await list(`search=${f}&gender=woman&limit=2`);
    expect(page.total).toBe(5);
    seen.push(...page.participants.map((p) => p.id));
    while (page.nextCursor) {
      page = await list(`search=${f}&gender=woman&limit=2&cursor=${page.nextCursor}`);
      expect(page.total).toBe(5);
      seen.push(...page.participants.map((p) => p.id));
    }
    expect(seen.sort()).toEqual(women.sort());
  });

  it('exports the filtered participants only in the CSV', async () => {
    const f = family();
    await person(f, { county: 'Kisumu' }, 'Kisumuan');
    await person(f, { county: 'Mombasa' }, 'Coastal');
    const res = await t.app.inject({
      url: `/api/participants/export.csv?search=${f}&county=Kisumu`,
      headers: { cookie: boss.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Kisumuan');
    expect(res.body).not.toContain('Coastal');
  });

  it('refuses filter values outside their sets (400), never 500', async () => {
    for (const query of [
      'gender=alien',
      'county=Atlantis',
      'language=klingon',
      'ageMin=10',
      'ageMax=101',
      'ageMin=abc',
      'inviteOptIn=maybe',
      'blocked=1',
      'duplicates=yes',
      'education=a%00b',
    ]) {
      const res = await t.app.inject({
        url: `/api/participants?${query}`,
        headers: { cookie: boss.cookie },
      });
      expect(res.statusCode, query).toBe(400);
      const csv = await t.app.inject({
        url: `/api/participants/export.csv?${query}`,
        headers: { cookie: boss.cookie },
      });
      expect(csv.statusCode, query).toBe(400);
    }
  });

  it('refuses ages in the wrong order (400 on ageMax, as the study criteria do), not an empty list', async () => {
    for (const url of [
      '/api/participants?ageMin=50&ageMax=20',
      '/api/participants/export.csv?ageMin=50&ageMax=20',
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: boss.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual({
        ageMax: 'The minimum age cannot be above the maximum age',
      });
    }
    const same = await t.app.inject({
      url: '/api/participants?ageMin=30&ageMax=30',
      headers: { cookie: boss.cookie },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('possible duplicates', () => {
  it('flags the same names (any case) and date of birth, both ways', async () => {
    const f = family();
    const a = await person(f, { dateOfBirth: '1990-05-01' }, 'Wanjiku');
    const b = await person(f.toUpperCase(), { dateOfBirth: '1990-05-01' }, 'WANJIKU');
    const otherBirth = await person(f, { dateOfBirth: '1991-05-01' }, 'Wanjiku');
    const noBirth = await person(f, {}, 'Wanjiku');
    const noBirthToo = await person(f, {}, 'Wanjiku');
    const rows = (await list(`search=${f}`)).participants;
    const dupes = new Map(rows.map((r) => [r.id, r.possibleDuplicates]));
    expect(dupes.get(a)).toEqual([b]);
    expect(dupes.get(b)).toEqual([a]);
    expect(dupes.get(otherBirth)).toEqual([]);
    // Without a date of birth, the same names alone are not a duplicate.
    expect(dupes.get(noBirth)).toEqual([]);
    expect(dupes.get(noBirthToo)).toEqual([]);
    expect(await ids(f, 'duplicates=true')).toEqual([a, b].sort());
    expect(await ids(f, 'duplicates=false')).toEqual([otherBirth, noBirth, noBirthToo].sort());
  });

  it('flags the same payout number (a payout number that is another account\u2019s phone)', async () => {
    const f = family();
    const a = await person(f, {}, 'Otieno');
    const [aRow] = await t.database.db
      .select({ phone: participants.phone })
      .from(participants)
      .where(eq(participants.id, a));
    const b = await person(f, { payoutPhone: aRow!.phone }, 'Kamau');
    const c = await person(f, { payoutPhone: '+254799000111' }, 'Achieng');
    const d = await person(f, { payoutPhone: '+254799000111' }, 'Mutua');
    const loner = await person(f, {}, 'Loner');
    const rows = (await list(`search=${f}`)).participants;
    const dupes = new Map(rows.map((r) => [r.id, r.possibleDuplicates]));
    expect(dupes.get(a)).toEqual([b]);
    expect(dupes.get(b)).toEqual([a]);
    expect(dupes.get(c)).toEqual([d]);
    expect(dupes.get(d)).toEqual([c]);
    expect(dupes.get(loner)).toEqual([]);
    expect(await ids(f, 'duplicates=true')).toEqual([a, b, c, d].sort());
  });
});
