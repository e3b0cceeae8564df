// One study's applicants by answer (decision 044): a page is read among the study's next
// applications in list order when the answer is common, else through the index of answers
// nested under the study; either way it is the page the single query gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { createStudy } from '../../../../test/factories';
import type { Database } from '../../db/client';
import { applications, participants } from '../../db/schema/index';
import type { MicroCursor } from '../../lib/keyset-cursor';
import {
  listAdminApplications,
  listAdminApplicationsPage,
  type AdminApplicationFilter,
} from './applications.repo';

let database: Database;
let studyId: string;
let otherStudyId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  studyId = (await createStudy(db)).id;
  otherStudyId = (await createStudy(db)).id;
  const people = await db
    .insert(participants)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        firstName: 'Neema',
        lastName: `Walker${i}`,
        email: `walk.${i}.${Date.now()}@example.com`,
        phone: `+2547${String(20_000_000 + i)}`,
        passwordHash: 'not-a-login',
      })),
    )
    .returning({ id: participants.id });
  // Every other person chose android (common); every tenth a feature phone, stored as a
  // list on every second of those (a multiple choice); the other study's people all chose
  // a feature phone, and must never appear.
  const base = Date.parse('2026-03-01T00:00:00Z');
  await db.insert(applications).values(
    people.flatMap(({ id }, i) => [
      {
        participantId: id,
        testId: studyId,
        status: 'interested' as const,
        appliedAt: new Date(base + i * 60_000),
        answers:
          i % 10 === 0
            ? { phone: i % 20 === 0 ? ['feature'] : 'feature' }
            : { phone: i % 2 === 0 ? 'android' : 'iphone' },
      },
      {
        participantId: id,
        testId: otherStudyId,
        status: 'interested' as const,
        appliedAt: new Date(base + i * 60_000 + 1),
        answers: { phone: 'feature' },
      },
    ]),
  );
});
afterAll(async () => {
  await database.close();
});

/** Every page of `filter`, `limit` at a time, from `read`. */
async function allPages(
  read: (page: {
    limit: number;
    cursor: MicroCursor | undefined;
  }) => Promise<{ application: { id: string }; cursorAt: string }[]>,
  limit: number,
) {
  const pages: string[][] = [];
  let cursor: MicroCursor | undefined;
  for (;;) {
    const rows = await read({ limit: limit + 1, cursor });
    const shown = rows.slice(0, limit);
    pages.push(shown.map((r) => r.application.id));
    if (rows.length <= limit) return pages;
    const last = shown[shown.length - 1]!;
    cursor = { at: last.cursorAt, id: last.application.id };
  }
}

describe("one study's applicants by answer", () => {
  for (const [name, optionId, expected] of [
    ['a common answer (the walk fills the page)', 'android', 24],
    ['a rare answer, single and multiple (the nested index answers)', 'feature', 6],
  ] as const) {
    it(`pages through ${name} exactly as the single query does`, async () => {
      const filter: AdminApplicationFilter = {
        testId: studyId,
        answer: { questionId: 'phone', optionId },
      };
      const now = new Date();
      const single = await allPages(
        (page) => listAdminApplications(database.db, filter, now, page),
        4,
      );
      // Twelve rows walked hold five android answers (a page of four and the one after it).
      const twoWays = await allPages(
        (page) => listAdminApplicationsPage(database.db, filter, now, page, 12),
        4,
      );
      expect(twoWays).toEqual(single);
      expect(single.flat()).toHaveLength(expected);
      const rows = await listAdminApplications(database.db, filter, now);
      expect(rows.every((r) => r.application.testId === studyId)).toBe(true);
    });
  }
});
