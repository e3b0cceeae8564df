import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { smsOutbox } from '../../db/schema/index';
import { MAX_ATTEMPTS } from '../../lib/outbox-worker';
import { loadConfig } from '../../config';
import { createTestDatabase } from '../../../../test/db';
import { loseDatabase } from '../../../../test/faults/driver-fault';
import {
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../../../test/support/fake-africastalking';
import { enqueueSms } from './sms.service';
import { deleteSmsTo } from './sms.repo';
import { createAfricasTalkingTransport } from './sms.transport';
import { startSmsWorker, type SmsWorker } from './sms.worker';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let database: Database;
let fake: FakeAfricasTalking;
let workers: SmsWorker[] = [];

beforeAll(async () => {
  [database, fake] = await Promise.all([createTestDatabase(), startFakeAfricasTalking()]);
});
afterAll(async () => {
  await fake.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(smsOutbox);
  fake.reset();
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

/** The configuration of config.ts (not test/app's, which would load the whole app). */
const testConfig = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: './data/test-unused', ...env });

const africasTalking = () => ({
  SMS_URL: `africastalking://${fake.username}:${fake.apiKey}@`,
  SMS_FROM: 'INSIGHTLAB',
});

/**
 * A worker on the fake provider that only runs when the test says so (the poll interval is
 * an hour). Its requests give up after 5 s (a loaded machine), or `timeoutMs` where a test
 * makes the fake hang.
 */
function worker(
  options: { log?: FastifyBaseLogger; pollIntervalMs?: number; timeoutMs?: number } = {},
) {
  const config = testConfig(africasTalking());
  if (config.sms.provider !== 'africastalking') throw new Error('SMS_URL not parsed');
  const w = startSmsWorker({
    db: database.db,
    config,
    log: options.log ?? silent,
    pollIntervalMs: options.pollIntervalMs ?? 3600_000,
    transport: createAfricasTalkingTransport({
      ...config.sms,
      endpoint: fake.url,
      timeoutMs: options.timeoutMs ?? 5000,
    }),
  });
  workers.push(w);
  return w;
}

const phone = (i: number) => `+2547${String(10_000_000 + i).slice(-8)}`;

async function enqueue(count = 1, body = 'Kikao chako ni kesho saa 10:00.'): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    await enqueueSms(
      database.db,
      { to: phone(i), body: `${body} ${i}`, kind: 'test-kind' },
      { log: silent },
    );
  }
  const rows = await database.db.select({ id: smsOutbox.id }).from(smsOutbox);
  return rows.map((r) => r.id);
}

async function row(id: string) {
  const [found] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
  if (!found) throw new Error(`no SMS row ${id}`);
  return found;
}

async function secondsUntilNextAttempt(id: string): Promise<number> {
  const [found] = await database.db
    .select({ secs: sql<number>`extract(epoch from ${smsOutbox.nextAttemptAt} - now())::float8` })
    .from(smsOutbox)
    .where(eq(smsOutbox.id, id));
  return Number(found?.secs);
}

/** Instead of waiting for the back-off. */
async function makeDueNow() {
  await database.db.update(smsOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

describe('enqueueSms', () => {
  it('refuses a text longer than one SMS, a number not in E.164 and an empty text, and writes nothing', async () => {
    const send = (to: string, body: string) =>
      enqueueSms(database.db, { to, body, kind: 'test-kind' }, { log: silent });
    await expect(send(phone(1), 'a'.repeat(161))).rejects.toThrow(/fit one SMS/);
    await expect(send(phone(1), `${'a'.repeat(70)}’`)).rejects.toThrow(/fit one SMS/);
    await expect(send(phone(1), '')).rejects.toThrow(/fit one SMS/);
    await expect(send('0712345678', 'Hi')).rejects.toThrow(/E\.164/);
    expect(await database.db.select().from(smsOutbox)).toHaveLength(0);
    await send(phone(1), 'a'.repeat(160));
    expect(await database.db.select().from(smsOutbox)).toHaveLength(1);
  });

  it('writes in the caller’s transaction: rolled back, the SMS is gone too', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueSms(tx, { to: phone(1), body: 'Hi', kind: 'test-kind' }, { log: silent });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await database.db.select().from(smsOutbox)).toHaveLength(0);
  });

  it('logs the kind and a hash of the number, never the number or the text', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    await enqueueSms(
      database.db,
      { to: '+254712345678', body: 'Secret words', kind: 'test-kind' },
      { log: log as unknown as FastifyBaseLogger },
    );
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ kind: 'test-kind', to: /^[0-9a-f]{12}$/ });
    expect(lines[0]).not.toContain('712345678');
    expect(lines[0]).not.toContain('Secret words');
  });
});

describe('SMS worker', () => {
  it('sends a queued SMS to the provider once and stores its message id', async () => {
    const [id] = await enqueue(1);
    const w = worker();

    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });

    expect(fake.accepted).toEqual([
      {
        to: phone(0),
        message: 'Kikao chako ni kesho saa 10:00. 0',
        from: 'INSIGHTLAB',
        messageId: expect.stringMatching(/^ATXid_/),
      },
    ]);
    const sent = await row(id!);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      lockedBy: null,
      providerMessageId: fake.accepted[0]!.messageId,
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('retries an HTTP 5xx and a hang with back-off, and sends on a later run', async () => {
    const [id] = await enqueue(1);
    const w = worker();

    fake.failNext(1, 502);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    const refused = await row(id!);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null, sentAt: null });
    expect(refused.lastError).toContain('HTTP 502');
    const wait = await secondsUntilNextAttempt(id!);
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });

    await makeDueNow();
    fake.hangNext(1);
    // A worker that waits 300 ms for an answer (the other waits 5 s).
    expect(await worker({ timeoutMs: 300 }).runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(await row(id!)).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: "Africa's Talking: no answer within 300 ms",
    });
    expect(await secondsUntilNextAttempt(id!)).toBeGreaterThan(60);

    await makeDueNow();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(fake.accepted).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('marks an SMS to an invalid number failed at once, without the number in the error', async () => {
    const [id] = await enqueue(1);
    fake.refuseNumber(phone(0));

    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 1 });
    const failed = await row(id!);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(failed.lastError).toBe("Africa's Talking: 403 InvalidPhoneNumber");
  });

  it(`marks an SMS failed after ${MAX_ATTEMPTS} attempts and stops trying`, async () => {
    const [id] = await enqueue(1);
    const w = worker();
    fake.failNext(MAX_ATTEMPTS, 500);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect(await row(id!)).toMatchObject({
        attempts: attempt,
        status: attempt < MAX_ATTEMPTS ? 'pending' : 'failed',
      });
      await makeDueNow();
    }
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(fake.requests).toHaveLength(MAX_ATTEMPTS);
    expect(fake.accepted).toHaveLength(0);
  });

  it('two workers running at the same time send each SMS exactly once', async () => {
    const ids = await enqueue(12);
    const a = worker();
    const b = worker();

    const totals = { sent: 0, failed: 0 };
    for (let round = 0; round < 3; round++) {
      for (const result of await Promise.all([a.runOnce(), b.runOnce(), a.runOnce()])) {
        totals.sent += result.sent;
        totals.failed += result.failed;
      }
    }
    expect(totals).toEqual({ sent: 12, failed: 0 });
    expect(fake.accepted).toHaveLength(12);
    expect(new Set(fake.accepted.map((s) => s.to)).size).toBe(12);
    const rows = await database.db.select().from(smsOutbox);
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(r).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends again once the lock of a worker that died mid-send has expired, and not before', async () => {
    const [expired, live] = await enqueue(2);
    const dead = crypto.randomUUID();
    const claim = (id: string, lockedUntil: ReturnType<typeof sql>) =>
      database.db
        .update(smsOutbox)
        .set({ status: 'sending', attempts: 1, lockedBy: dead, lockedUntil })
        .where(eq(smsOutbox.id, id));
    await claim(expired!, sql`now() - interval '1 second'`);
    await claim(live!, sql`now() + interval '1 minute'`);

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(fake.accepted.map((s) => s.to)).toEqual([(await row(expired!)).toPhone]);
    expect(await row(live!)).toMatchObject({ status: 'sending', lockedBy: dead });
  });

  it('sends nothing with SMS_URL log:// (the default): SMS stay pending, one line says so', async () => {
    const [id] = await enqueue(1);
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    for (const env of [{}, { SMS_URL: 'log://' }] as Record<string, string>[]) {
      const w = startSmsWorker({
        db: database.db,
        config: testConfig(env),
        log: log as unknown as FastifyBaseLogger,
        pollIntervalMs: 10,
      });
      workers.push(w);
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests).toHaveLength(0);
    expect(await row(id!)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null });
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      'SMS_URL is log://: SMS stay in the outbox, not sent (admins: the Outbox tab)',
      'SMS_URL is log://: SMS stay in the outbox, not sent (admins: the Outbox tab)',
    ]);
  });

  it('logs a failure with the SMS id and kind, never the number, the text or the API key', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const [id] = await enqueue(1, 'Secret body');
    const w = worker({ log: log as unknown as FastifyBaseLogger });
    fake.failNext(1, 500);

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    await makeDueNow();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.filter((l) => l.level === 40)).toEqual([
      expect.objectContaining({ smsId: id, kind: 'test-kind', attempt: 1, retryInSeconds: 30 }),
    ]);
    const everything = `${lines.join('\n')}\n${(await row(id!)).lastError}`;
    expect(everything).not.toContain(phone(0).slice(4));
    expect(everything).not.toContain('Secret body');
    expect(everything).not.toContain(fake.apiKey);
  });

  it('a lost database fails the run, not the worker: the next run sends', async () => {
    const [id] = await enqueue(1);
    const w = worker();
    const undo = loseDatabase(database);
    try {
      await expect(w.runOnce()).rejects.toThrow();
    } finally {
      undo();
    }
    expect(fake.requests).toHaveLength(0);
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('polls on its own timer', async () => {
    const [id] = await enqueue(1);
    worker({ pollIntervalMs: 20 });
    await vi.waitFor(async () => expect((await row(id!)).status).toBe('sent'), {
      timeout: 5000,
      interval: 20,
    });
    expect(fake.accepted).toHaveLength(1);
  });
});

describe('deleteSmsTo', () => {
  it('deletes every SMS to that number, queued or sent, and no other', async () => {
    await enqueue(2);
    await enqueueSms(
      database.db,
      { to: phone(0), body: 'Second', kind: 'test-kind' },
      { log: silent },
    );
    await worker().runOnce();
    expect(await deleteSmsTo(database.db, phone(0))).toBe(2);
    const left = await database.db.select().from(smsOutbox);
    expect(left.map((r) => r.toPhone)).toEqual([phone(1)]);
  });
});
