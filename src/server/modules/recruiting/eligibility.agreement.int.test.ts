import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/index';
import { createTestDatabase } from '../../../../test/db';
import { createStudy } from '../../../../test/factories';
import { eligibility, nairobiToday } from '../../../shared/rules/eligibility';
import {
  normaliseCriteria,
  type Criteria,
  type StoredCriteria,
} from '../../../shared/schemas/recruiting';
import { eligibilitySubject, eligibleAmong } from './eligibility.repo';
import { verdictFor } from './eligibility';
import { insertPeople, type TestProfile } from './recruiting.test-support';

/**
 * The eligibility rule is written twice (decisions.md section 10): for one person in
 * src/shared/rules/eligibility.ts, for many in SQL (eligibility.repo.ts). Both are asked
 * about the same varied people and criteria, on awkward days, and must answer alike.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A small deterministic generator: the same people every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const pick = <T>(rnd: () => number, values: readonly T[]): T =>
  values[Math.floor(rnd() * values.length)]!;
const some = <T>(rnd: () => number, values: readonly T[]): T[] => values.filter(() => rnd() < 0.35);

/** `today` moved by whole years and days, as YYYY-MM-DD. */
function shifted(today: string, years: number, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

describe('the SQL eligibility and the one-person rule', () => {
  // Midnight in Nairobi is 21:00 UTC the day before: these instants sit on both sides.
  const instants = [
    new Date('2026-06-15T20:59:59Z'),
    new Date('2026-06-15T21:00:00Z'),
    new Date('2028-02-28T21:30:00Z'), // 29 February 2028 in Nairobi
    new Date('2027-02-28T09:00:00Z'),
  ];

  it('answer alike for every person and every criteria set, on every day', async () => {
    const db = database.db;
    const earlier = await createStudy(db, { tags: ['fintech', 'round-1'], status: 'completed' });
    const other = await createStudy(db, { tags: ['health'], status: 'completed' });
    const third = await createStudy(db, { tags: ['fintech'], status: 'active' });
    const rnd = random(42);
    const profiles: TestProfile[] = [];
    for (let i = 0; i < 90; i++) {
      const today = nairobiToday(pick(rnd, instants));
      const age = pick(rnd, [16, 17, 18, 24, 25, 26, 35, 60, 61, 100]);
      profiles.push({
        dateOfBirth: rnd() < 0.15 ? null : shifted(today, age, pick(rnd, [-1, 0, 1, 0, 40, -200])),
        gender: rnd() < 0.2 ? null : pick(rnd, ['woman', 'man', 'non_binary', 'prefer_not_to_say']),
        county: rnd() < 0.2 ? null : pick(rnd, ['Nairobi', 'Mombasa', "Murang'a", 'Kisumu']),
        employment:
          rnd() < 0.2 ? null : pick(rnd, ['student', 'self_employed', 'prefer_not_to_say']),
        incomeBand: rnd() < 0.2 ? null : pick(rnd, ['under_10k', '30k_50k', 'prefer_not_to_say']),
        languages: some(rnd, ['english', 'kiswahili', 'dholuo']),
        devices: some(rnd, ['android_phone', 'iphone', 'feature_phone']),
        blockedAt: rnd() < 0.08 ? new Date() : null,
        isActive: rnd() > 0.05,
      });
    }
    // Leap-day people, born on 29 February.
    profiles.push({ dateOfBirth: '2008-02-29' }, { dateOfBirth: '2010-02-28' });
    const ids = await insertPeople(db, profiles);
    // Histories: some took part in earlier studies, some only applied or were declined.
    const history: (typeof applications.$inferInsert)[] = [];
    for (const id of ids) {
      for (const study of [earlier, other, third]) {
        if (rnd() < 0.6) continue;
        const status = pick(rnd, [
          'interested',
          'scheduled',
          'completed',
          'declined',
          'selected',
        ] as const);
        history.push({
          participantId: id,
          testId: study.id,
          status,
          attendance: status === 'selected' && rnd() < 0.5 ? 'attended' : null,
        });
      }
    }
    await db.insert(applications).values(history);

    const criteriaSets: Criteria[] = [
      {},
      { ageMin: 18 },
      { ageMax: 25 },
      { ageMin: 18, ageMax: 25 },
      { ageMin: 25, ageMax: 25 },
      { ageMin: 16, ageMax: 100 },
      { ageMin: 20, ageMax: 20 },
      { genders: ['woman'] },
      { genders: ['woman', 'non_binary'], counties: ['Nairobi', "Murang'a"] },
      { employment: ['student'], incomeBands: ['under_10k', '30k_50k'] },
      { languages: ['kiswahili'] },
      { devices: ['iphone', 'feature_phone'], languages: ['english', 'dholuo'] },
      { excludeStudies: [earlier.id] },
      { excludeStudies: [earlier.id, third.id], ageMin: 18 },
      { excludeTags: ['fintech'] },
      { excludeTags: ['health', 'nothing-has-this'], genders: ['man'] },
      {
        ageMin: 18,
        ageMax: 60,
        genders: ['woman', 'man'],
        counties: ['Nairobi', 'Mombasa', 'Kisumu'],
        devices: ['android_phone'],
        excludeTags: ['round-1'],
      },
    ];

    let eligibleSeen = 0;
    let ineligibleSeen = 0;
    for (const at of instants) {
      const today = nairobiToday(at);
      const subjects = await Promise.all(ids.map((id) => eligibilitySubject(db, id)));
      for (const raw of criteriaSets) {
        const criteria: StoredCriteria = normaliseCriteria(raw);
        const bySql = await eligibleAmong(db, criteria, today, ids);
        ids.forEach((id, i) => {
          const subject = subjects[i]!;
          const byRule = verdictFor(subject, criteria, today).eligible;
          expect(
            bySql.has(id),
            `${JSON.stringify(raw)} on ${today} for ${JSON.stringify(subject)}`,
          ).toBe(byRule);
          if (byRule) eligibleSeen++;
          else ineligibleSeen++;
        });
      }
    }
    // The sample must exercise both answers, or the agreement proves nothing.
    expect(eligibleSeen).toBeGreaterThan(200);
    expect(ineligibleSeen).toBeGreaterThan(200);
  });

  it('count a birthday on Nairobi’s date, not the server’s', async () => {
    const db = database.db;
    const [born] = await insertPeople(db, [{ dateOfBirth: '2008-06-16' }]);
    const adult = normaliseCriteria({ ageMin: 18 });
    // 20:59:59 UTC on the 15th is 23:59:59 in Nairobi: still 17.
    const before = nairobiToday(new Date('2026-06-15T20:59:59Z'));
    const after = nairobiToday(new Date('2026-06-15T21:00:00Z'));
    expect((await eligibleAmong(db, adult, before, [born!])).has(born!)).toBe(false);
    expect((await eligibleAmong(db, adult, after, [born!])).has(born!)).toBe(true);
    expect(
      eligibility(
        adult,
        { ...emptyProfile, dateOfBirth: '2008-06-16' },
        { studyIds: [], tags: [] },
        after,
      ),
    ).toEqual({ eligible: true });
  });
});

const emptyProfile = {
  dateOfBirth: null,
  gender: null,
  county: null,
  employment: null,
  incomeBand: null,
  languages: [],
  devices: [],
};
