import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, createStudy, loginAs } from '../../../../test/factories';

let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
  await createParticipant(t.app, {
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    location: 'Nakuru',
    phone: '0712 345 678',
  });
  await createParticipant(t.app, {
    firstName: 'Baraka',
    lastName: 'Otieno',
    location: 'Mombasa 100% coast',
  });
  await createParticipant(t.app, {
    firstName: '=HYPERLINK("http://evil")',
    lastName: 'Test',
    location: '+254 trick',
  });
  for (let i = 0; i < 5; i++) await createParticipant(t.app, { firstName: `Filler${i}` });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie = boss.cookie) => t.app.inject({ url, headers: { cookie } });

describe('participants list', () => {
  it('pages newest first with a cursor and tells the total', async () => {
    const first = (await get('/api/participants?limit=3')).json();
    expect(first.participants).toHaveLength(3);
    expect(first.total).toBe(8);
    expect(first.participants[0].firstName).toBe('Filler4');
    const seen = [...first.participants.map((p: { id: string }) => p.id)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await get(`/api/participants?limit=3&cursor=${cursor}`)).json();
      seen.push(...page.participants.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(8);
  });

  it('searches name, e-mail, phone and location, case-insensitively, on the server', async () => {
    const names = async (q: string) =>
      (await get(`/api/participants?search=${encodeURIComponent(q)}`))
        .json()
        .participants.map((p: { firstName: string }) => p.firstName);
    expect(await names('wanjiru kam')).toEqual(['Wanjiru']);
    expect(await names('MOMBASA')).toEqual(['Baraka']);
    expect(await names('100% co')).toEqual(['Baraka']);
    expect(await names('%')).toEqual(['Baraka']); // a literal %, not "anything"
    expect((await get('/api/participants?search=nakuru')).json().total).toBe(1);
  });

  it('finds a phone typed in any form people use, as it is stored in E.164', async () => {
    const names = async (q: string) =>
      (await get(`/api/participants?search=${encodeURIComponent(q)}`))
        .json()
        .participants.map((p: { firstName: string }) => p.firstName);
    for (const typed of ['0712 345 678', '0712345678', '254712345678', '+254 712 345678']) {
      expect(await names(typed), typed).toEqual(['Wanjiru']);
    }
    expect(await names('345678')).toEqual(['Wanjiru']); // the last digits, as stored
  });

  it('refuses a bad limit or cursor with 400, and non-admins', async () => {
    expect((await get('/api/participants?limit=500')).statusCode).toBe(400);
    expect((await get('/api/participants?cursor=garbage')).statusCode).toBe(400);
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await get('/api/participants', p.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/participants' })).statusCode).toBe(401);
  });
});

describe('CSV exports', () => {
  it('streams participants.csv with the spec columns and neutralised formulas', async () => {
    const res = await get('/api/participants/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="participants.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Location,Age,Occupation,Joined');
    const { total } = (await get('/api/participants?limit=1')).json();
    expect(lines).toHaveLength(total + 1);
    const evil = lines.find((l) => l.includes('HYPERLINK'))!;
    expect(evil.startsWith('"\'=HYPERLINK')).toBe(true);
    expect(evil).toContain("'+254 trick");
    expect(res.body).toMatch(/\d{4}-\d{2}-\d{2}\r\n/);
  });

  it('is for admins only', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await get('/api/participants/export.csv', p.cookie)).statusCode).toBe(403);
  });
});

describe("a participant's earnings for admins", () => {
  it('answers zeros before any payment, the pending amount after a completed study, 404 for nobody', async () => {
    const who = await loginAs(t.app, t.database.db, 'participant');
    const before = await get(`/api/participants/${who.id}/earnings`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json().earnings).toEqual({
      totalEarned: '0.00',
      totalPaid: '0.00',
      pendingPayments: '0.00',
      completedTests: 0,
      lastPaymentAt: null,
      currency: 'KES',
    });

    const study = await createStudy(t.database.db, { payRate: '800.00', duration: 3 });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie: who.cookie },
      payload: { participantId: who.id, testId: study.id },
    });
    const id = applied.json().application.id;
    for (const status of ['scheduled', 'completed']) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}/status`,
        headers: { cookie: boss.cookie },
        payload: { status },
      });
    }
    const after = (await get(`/api/participants/${who.id}/earnings`)).json().earnings;
    expect(after).toMatchObject({ pendingPayments: '2400.00', completedTests: 1 });

    const missing = await get('/api/participants/00000000-0000-4000-8000-000000000000/earnings');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Participant not found');
    expect((await get('/api/participants/nope/earnings')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await get(`/api/participants/${p.id}/earnings`, p.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/participants/${p.id}/earnings` })).statusCode).toBe(
      401,
    );
  });
});
