import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { loginAs } from '../factories';

/**
 * decisions.md section 5, capacity: a place is taken by a scheduled or a completed
 * application (decision 011), so completing keeps it and declining frees it; scheduling past
 * maxParticipants is 409 "Study is full", decided atomically under concurrent requests.
 */
let t: TestApp;
let admin: { cookie: string };
/** Enough participants for the largest study below; each study has its own applications. */
let people: { cookie: string; id: string }[];
let baseUrl: string;
const unique = () => Math.random().toString(36).slice(2, 10);

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie?: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: cookie ?? admin.cookie },
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const move = (applicationId: string, status: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/applications/${applicationId}/status`,
    headers: { cookie: admin.cookie },
    payload: { status },
  });

/** An active study of `maxParticipants` places, and one interested application per person. */
async function studyWithApplicants(maxParticipants: number, applicants: number) {
  const { test } = await ok('POST', '/api/tests', {
    title: `Capacity ${unique()}`,
    description: 'Pay a utility bill by USSD and tell us where you hesitated.',
    payRate: 1000,
    duration: 1,
    maxParticipants,
    startDate: '2026-12-01',
    endDate: '2026-12-20',
    company: 'Duka Pay',
    tags: 'ussd',
  });
  await ok('PUT', `/api/tests/${test.id}/status`, { status: 'active' });
  const applications: string[] = [];
  for (const person of people.slice(0, applicants)) {
    const { application } = await ok(
      'POST',
      '/api/applications',
      { participantId: person.id, testId: test.id },
      person.cookie,
    );
    applications.push(application.id);
  }
  return { testId: test.id as string, applications };
}

/** Applications of the study per status, counted in the database. */
async function statusCounts(testId: string): Promise<Record<string, number>> {
  const result = (await t.database.db.execute(
    sql`SELECT status, count(*)::int AS n FROM applications WHERE test_id = ${testId} GROUP BY status`,
  )) as unknown as { rows: { status: string; n: number }[] };
  return Object.fromEntries(result.rows.map((r) => [r.status, r.n]));
}
async function currentParticipants(testId: string): Promise<number> {
  return (await ok('GET', `/api/tests/${testId}`)).test.currentParticipants;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, t.database.db, 'admin');
  // argon2 hashes on libuv's thread pool, so the accounts are made side by side, not in turn.
  people = await Promise.all(
    Array.from({ length: 12 }, () => loginAs(t.app, t.database.db, 'participant')),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('a place is held by scheduled and completed applications', () => {
  it('keeps the place of a completed application: the next schedule is refused "Study is full"', async () => {
    const { testId, applications } = await studyWithApplicants(2, 3);
    const [first, second, third] = applications as [string, string, string];
    expect((await move(first, 'scheduled')).statusCode).toBe(200);
    expect((await move(second, 'scheduled')).statusCode).toBe(200);

    expect((await move(first, 'completed')).statusCode).toBe(200);
    const refused = await move(third, 'scheduled');

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Study is full' });
    expect(await statusCounts(testId)).toEqual({ completed: 1, scheduled: 1, interested: 1 });
    expect(await currentParticipants(testId)).toBe(2);
  });

  it('frees the place of a declined scheduled application: the next schedule succeeds', async () => {
    const { testId, applications } = await studyWithApplicants(2, 3);
    const [first, second, third] = applications as [string, string, string];
    expect((await move(first, 'scheduled')).statusCode).toBe(200);
    expect((await move(second, 'scheduled')).statusCode).toBe(200);
    expect((await move(third, 'scheduled')).statusCode).toBe(409);

    expect((await move(second, 'declined')).statusCode).toBe(200);
    expect(await currentParticipants(testId)).toBe(1);
    const res = await move(third, 'scheduled');

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application.status).toBe('scheduled');
    expect(await statusCounts(testId)).toEqual({ scheduled: 2, declined: 1 });
    expect(await currentParticipants(testId)).toBe(2);
  });
});

describe('the last place under concurrent requests', () => {
  it('schedules exactly one of ten simultaneous requests over HTTP; the others are "Study is full"', async () => {
    const { testId, applications } = await studyWithApplicants(3, 12);
    const [a, b, ...contenders] = applications as [string, string, ...string[]];
    expect((await move(a, 'scheduled')).statusCode).toBe(200);
    expect((await move(b, 'scheduled')).statusCode).toBe(200);

    const answers = await Promise.all(
      contenders.map(async (id) => {
        const res = await fetch(`${baseUrl}/api/applications/${id}/status`, {
          method: 'PUT',
          headers: { cookie: admin.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'scheduled' }),
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );

    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(contenders.length - 1);
    for (const r of refused) expect(r).toEqual({ status: 409, body: { message: 'Study is full' } });
    expect(await statusCounts(testId)).toEqual({ scheduled: 3, interested: 9 });
    expect(await currentParticipants(testId)).toBe(3);
  });
});
