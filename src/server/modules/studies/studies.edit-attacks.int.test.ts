import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnings, payments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { applicationSteps } from '../applications/applications.test-support';

/** Hostile and racing edits of a study (PUT /api/tests/{id}): 4xx, never 500, nothing changed. */
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const asAdmin = () => ({ cookie: boss.cookie });
const { apply, move } = applicationSteps(() => t, asAdmin);
/** The body as raw JSON text, so that what JSON.stringify cannot say (1e309) can be sent. */
const editRaw = (id: string, json: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/tests/${id}`,
    headers: { ...asAdmin(), 'content-type': 'application/json' },
    payload: json,
  });
const edit = (id: string, payload: unknown) => editRaw(id, JSON.stringify(payload));
const stored = async (id: string) =>
  (await t.app.inject({ url: `/api/tests/${id}`, headers: asAdmin() })).json().test;

describe('an edit of a study that says nothing it can change', () => {
  for (const [name, body] of [
    ['an empty body', {}],
    ['only fields an edit cannot set', { status: 'completed', currentParticipants: 99, id: 'x' }],
  ] as const) {
    it(`is refused with 400 "Nothing to update" (${name}), and changes nothing`, async () => {
      const study = await createStudy(t.database.db);
      const before = await stored(study.id);
      const res = await edit(study.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Nothing to update');
      expect(await stored(study.id)).toEqual(before);
    });
  }
});

describe('numbers of an edit are numbers', () => {
  const wrong: [string, Record<string, unknown>, string][] = [
    ['a duration sent as a list', { duration: [5] }, 'duration'],
    ['a duration sent as true', { duration: true }, 'duration'],
    ['a duration in hexadecimal', { duration: '0x10' }, 'duration'],
    ['a duration with an exponent', { duration: '1e2' }, 'duration'],
    ['participants needed sent as a list', { maxParticipants: [3] }, 'maxParticipants'],
    ['participants needed sent as an object', { maxParticipants: { n: 3 } }, 'maxParticipants'],
    ['participants needed sent as true', { maxParticipants: true }, 'maxParticipants'],
  ];
  for (const [name, body, field] of wrong) {
    it(`refuses ${name} (400 on ${field}) and keeps the stored value`, async () => {
      const study = await createStudy(t.database.db, { duration: 2, maxParticipants: 10 });
      const res = await edit(study.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toEqual(expect.any(String));
      expect(await stored(study.id)).toMatchObject({ duration: 2, maxParticipants: 10 });
    });
  }

  it('takes a whole number typed in a box ("5", " 12 ") as the form sends it', async () => {
    const study = await createStudy(t.database.db);
    const res = await edit(study.id, { duration: '5', maxParticipants: ' 12 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().test).toMatchObject({ duration: 5, maxParticipants: 12 });
  });

  it('says a pay rate beyond what a JSON number holds (1e309) is out of range, not missing', async () => {
    const study = await createStudy(t.database.db, { payRate: '1500.00' });
    const res = await editRaw(study.id, '{"payRate": 1e309}');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.payRate).toBe(
      'Pay rate must be between 0 and 999999.99 KES, with at most 2 decimals',
    );
    for (const payRate of ['1.005', '999999.995', -1, '-0.01']) {
      const refused = await edit(study.id, { payRate });
      expect(refused.statusCode, String(payRate)).toBe(400);
    }
    expect((await stored(study.id)).payRate).toBe('1500.00');
  });
});

describe('edits racing the work on a study', () => {
  it('completions racing a pay rate change are each paid the old or the new rate in full; one made after pays the new rate', async () => {
    const study = await createStudy(t.database.db, {
      payRate: '100.00',
      duration: 1,
      maxParticipants: 10,
    });
    const scheduled = [];
    for (let i = 0; i < 6; i++) {
      const a = await apply(study.id);
      expect((await move(a.applicationId, { status: 'scheduled' })).statusCode).toBe(200);
      scheduled.push(a);
    }
    const [last, ...racing] = scheduled;
    const answers = await Promise.all([
      ...racing.map((a) => move(a.applicationId, { status: 'completed' })),
      edit(study.id, { payRate: '200' }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    const rows = await t.database.db.select().from(payments).where(eq(payments.testId, study.id));
    expect(rows).toHaveLength(racing.length);
    for (const row of rows) expect(['100.00', '200.00']).toContain(row.amount);
    for (const a of racing) {
      const [own] = await t.database.db
        .select()
        .from(earnings)
        .where(eq(earnings.participantId, a.id));
      const paid = rows.find((r) => r.participantId === a.id)!;
      expect(own!.pendingPayments).toBe(paid.amount);
    }

    expect((await move(last!.applicationId, { status: 'completed' })).statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.applicationId, last!.applicationId));
    expect(after!.amount).toBe('200.00');
  });

  it('lowering participants needed while someone is being scheduled: never more scheduled than needed', async () => {
    for (let round = 0; round < 3; round++) {
      const study = await createStudy(t.database.db, { maxParticipants: 3 });
      const first = await apply(study.id);
      await move(first.applicationId, { status: 'scheduled' });
      const second = await apply(study.id);
      const [lowered, schedule] = await Promise.all([
        edit(study.id, { maxParticipants: 1 }),
        move(second.applicationId, { status: 'scheduled' }),
      ]);
      expect([lowered.statusCode, schedule.statusCode].sort()).toEqual(
        lowered.statusCode === 200 ? [200, 409] : [200, 400],
      );
      const test = await stored(study.id);
      expect(test.currentParticipants).toBeLessThanOrEqual(test.maxParticipants);
    }
  });

  it('two partial edits racing (one moves the start later, one the end earlier) never leave the end before the start', async () => {
    for (let round = 0; round < 3; round++) {
      const study = await createStudy(t.database.db, {
        startDate: '2026-12-10',
        endDate: '2026-12-20',
      });
      const answers = await Promise.all([
        edit(study.id, { startDate: '2026-12-15' }),
        edit(study.id, { endDate: '2026-12-12' }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const test = await stored(study.id);
      expect(test.endDate >= test.startDate, JSON.stringify(test)).toBe(true);
    }
  });
});
