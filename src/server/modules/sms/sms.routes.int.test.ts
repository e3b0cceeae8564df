import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, smsOutbox } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs } from '../../../../test/factories';
import { loseDatabase } from '../../../../test/faults/driver-fault';
import { enqueueSms } from './sms.service';

let t: TestApp;
let admin: { cookie: string; id: string };
let participant: { cookie: string; id: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, t.database.db, 'admin');
  participant = await loginAs(t.app, t.database.db, 'participant');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(smsOutbox);
});

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function queue(to: string, kind = 'session-reminder', body = `Text for ${to}`) {
  await enqueueSms(t.database.db, { to, kind, body }, { log: silent });
  const [row] = await t.database.db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, to), eq(smsOutbox.kind, kind)));
  return row!.id;
}

async function fail(id: string, lastError = "Africa's Talking: 403 InvalidPhoneNumber") {
  await t.database.db
    .update(smsOutbox)
    .set({ status: 'failed', attempts: 8, lastError })
    .where(eq(smsOutbox.id, id));
}

const get = (url: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const retry = (id: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/sms-outbox/${id}/retry`, headers: { cookie } });

describe('SMS outbox API guards', () => {
  it('answers 401 to anonymous callers and 403 to participants, before validating input', async () => {
    const id = await queue('+254700000001');
    for (const [method, url] of [
      ['GET', '/api/sms-outbox'],
      ['GET', '/api/sms-outbox?status=bogus&limit=0'],
      ['GET', `/api/sms-outbox/${id}`],
      ['GET', '/api/sms-outbox/not-a-uuid'],
      ['POST', `/api/sms-outbox/${id}/retry`],
      ['POST', '/api/sms-outbox/not-a-uuid/retry'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      const asParticipant = await t.app.inject({
        method,
        url,
        headers: { cookie: participant.cookie },
      });
      expect(asParticipant.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('GET /api/sms-outbox', () => {
  it('lists SMS newest first with number, kind, status, attempts, last error and times, no text, and the provider', async () => {
    await queue('+254700000001');
    await queue('+254700000002', 'waitlist-offer');
    const res = await get('/api/sms-outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ total: 2, nextCursor: null, provider: 'log' });
    expect(body.sms.map((s: { to: string }) => s.to)).toEqual(['+254700000002', '+254700000001']);
    expect(body.sms[0]).toMatchObject({
      kind: 'waitlist-offer',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(Object.keys(body.sms[0]).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'kind',
        'lastError',
        'nextAttemptAt',
        'sentAt',
        'status',
        'to',
      ].sort(),
    );
    expect(res.body).not.toContain('Text for');
  });

  it('pages with a keyset cursor and filters by status', async () => {
    for (let i = 0; i < 5; i++) await queue(`+25470000001${i}`);
    await fail(await queue('+254700000099'));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { sms: { to: string }[]; nextCursor: string | null; total: number } = (
        await get(`/api/sms-outbox?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.total).toBe(6);
      seen.push(...page.sms.map((s) => s.to));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(6);

    const failed = (await get('/api/sms-outbox?status=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.sms[0]).toMatchObject({
      to: '+254700000099',
      status: 'failed',
      attempts: 8,
      lastError: "Africa's Talking: 403 InvalidPhoneNumber",
      nextAttemptAt: null,
    });
  });

  it('refuses an unknown status, a bad limit or a forged cursor with 400', async () => {
    const bad = await get('/api/sms-outbox?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe('Use pending, sending, sent or failed');
    expect((await get('/api/sms-outbox?limit=0')).statusCode).toBe(400);
    expect((await get('/api/sms-outbox?limit=201')).statusCode).toBe(400);
    expect((await get('/api/sms-outbox?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await get('/api/sms-outbox?status=%00')).statusCode).toBe(400);
  });

  it("says africastalking when SMS_URL names Africa's Talking", async () => {
    const other = await buildTestApp({
      database: t.database,
      env: { SMS_URL: 'africastalking://insightlab:atsk_key_123@' },
    });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/sms-outbox',
        headers: { cookie: (await loginAs(other.app, t.database.db, 'admin')).cookie },
      });
      expect(res.json().provider).toBe('africastalking');
      expect(res.body).not.toContain('atsk_key_123');
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/sms-outbox/{id}', () => {
  it('shows the SMS with its text and the provider’s message id', async () => {
    const id = await queue('+254700000003', 'session-reminder', 'Kikao chako ni kesho.');
    await t.database.db
      .update(smsOutbox)
      .set({ status: 'sent', sentAt: new Date(), providerMessageId: 'ATXid_abc' })
      .where(eq(smsOutbox.id, id));
    const res = await get(`/api/sms-outbox/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().sms).toMatchObject({
      id,
      to: '+254700000003',
      status: 'sent',
      body: 'Kikao chako ni kesho.',
      providerMessageId: 'ATXid_abc',
    });
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    expect((await get(`/api/sms-outbox/${UNKNOWN}`)).statusCode).toBe(404);
    const bad = await get('/api/sms-outbox/12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('POST /api/sms-outbox/{id}/retry', () => {
  it('queues a failed SMS again, due now with fresh attempts, and audit-logs it', async () => {
    const id = await queue('+254700000004');
    await fail(id);

    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().sms).toMatchObject({ id, status: 'pending', attempts: 0 });
    const [row] = await t.database.db
      .select({ status: smsOutbox.status, due: sql<boolean>`${smsOutbox.nextAttemptAt} <= now()` })
      .from(smsOutbox)
      .where(eq(smsOutbox.id, id));
    expect(row).toEqual({ status: 'pending', due: true });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sms.retry'), eq(auditLogs.resourceId, id)));
    expect(audit).toMatchObject({ userId: admin.id, resource: 'sms' });
    expect(audit!.details).toMatchObject({ previousAttempts: 8, kind: 'session-reminder' });
    // Retried once, it is no longer failed: a second retry is refused.
    expect((await retry(id)).statusCode).toBe(409);
  });

  it('answers 409 for an SMS that is not failed, 404 for an unknown one, 400 for a bad id', async () => {
    const id = await queue('+254700000005');
    const res = await retry(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a failed SMS can be retried');
    expect((await retry(UNKNOWN)).statusCode).toBe(404);
    expect((await retry('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a deleted participant', () => {
  it('takes their queued and sent SMS with them, and leaves other people’s', async () => {
    const { participant: person } = await createParticipant(t.app, { phone: '0712 000 111' });
    await queue('+254712000111');
    const sentId = await queue('+254712000111', 'waitlist-offer');
    await t.database.db
      .update(smsOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(smsOutbox.id, sentId));
    await queue('+254700000006');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${person.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const left = await t.database.db.select({ to: smsOutbox.toPhone }).from(smsOutbox);
    expect(left).toEqual([{ to: '+254700000006' }]);
  });
});

describe('the SMS outbox routes while the database is lost', () => {
  it('answer 503 { message }, retry nothing, and answer again once it is back', async () => {
    const id = await queue('+254700000007');
    await fail(id);
    const undo = loseDatabase(t.database, (text) => /"sessions"/.test(text));
    try {
      for (const send of [
        () => get('/api/sms-outbox'),
        () => get(`/api/sms-outbox/${id}`),
        () => retry(id),
      ]) {
        const res = await send();
        expect(res.statusCode, res.body).toBe(503);
        expect(Object.keys(res.json())).toEqual(['message']);
      }
    } finally {
      undo();
    }
    expect((await get(`/api/sms-outbox/${id}`)).json().sms.status).toBe('failed');
    expect((await retry(id)).statusCode).toBe(200);
  });
});
