import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../../app';
import { auditLogs, mailOutbox } from '../../db/schema/index';
import { buildTestApp, testConfig, type TestApp } from '../../../../test/app';
import { createTestDatabase } from '../../../../test/db';
import { createParticipant, loginAs } from '../../../../test/factories';
import { startTestSmtpServer } from '../../../../test/smtp';
import { enqueueMail, recipientHash } from './mail.service';
import { startMailWorker } from './mail.worker';

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
  await t.database.db.delete(mailOutbox);
});

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

async function queue(
  to: string,
  kind = 'application-declined',
  text = `Body for ${to}`,
): Promise<string> {
  await enqueueMail(
    t.database.db,
    { to, kind, subject: `About ${kind}`, text, html: `<p>${text}</p>` },
    { smtpConfigured: true, log: silent },
  );
  const [row] = await t.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
  return row!.id;
}

const get = (url: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const retry = (id: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/outbox/${id}/retry`, headers: { cookie } });

describe('outbox API guards', () => {
  it('answers 401 to anonymous callers and 403 to participants, before validating input', async () => {
    const id = await queue('guard@example.com');
    for (const [method, url] of [
      ['GET', '/api/outbox'],
      ['GET', '/api/outbox?status=bogus&limit=0'],
      ['GET', `/api/outbox/${id}`],
      ['GET', '/api/outbox/not-a-uuid'],
      ['POST', `/api/outbox/${id}/retry`],
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

describe('GET /api/outbox', () => {
  it('lists mail newest first with recipient, kind, status, attempts, last error and times, and no body', async () => {
    await queue('first@example.com');
    await queue(
      'second@example.com',
      'password-reset',
      'Open http://x.test/reset-password?token=abc',
    );
    const res = await get('/api/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.mail.map((m: { recipient: string }) => m.recipient)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    expect(body.mail[0]).toMatchObject({
      kind: 'password-reset',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
      sensitive: true,
    });
    expect(Object.keys(body.mail[0]).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'id',
        'kind',
        'lastError',
        'nextAttemptAt',
        'recipient',
        'sensitive',
        'sentAt',
        'status',
        'subject',
      ].sort(),
    );
    expect(res.body).not.toContain('token=abc');
    expect(res.body).not.toContain('Body for');
    // The test app has no SMTP_URL: the console says mail is not being sent.
    expect(body.smtpConfigured).toBe(false);
  });

  it('pages with a keyset cursor and filters by status', async () => {
    for (let i = 0; i < 5; i++) await queue(`page${i}@example.com`);
    const failedId = await queue('broken@example.com');
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
      .where(eq(mailOutbox.id, failedId));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { mail: { recipient: string }[]; nextCursor: string | null; total: number } = (
        await get(`/api/outbox?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page.total).toBe(6);
      seen.push(...page.mail.map((m) => m.recipient));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);

    const failed = (await get('/api/outbox?status=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.mail[0]).toMatchObject({
      recipient: 'broken@example.com',
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
    });
  });

  it('refuses an unknown status or a forged cursor with 400', async () => {
    const bad = await get('/api/outbox?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe('Use pending, sending, sent or failed');
    expect((await get('/api/outbox?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await get('/api/outbox?status=%00')).statusCode).toBe(400);
  });
});

describe('GET /api/outbox/{id}', () => {
  it('shows the text body of an ordinary mail', async () => {
    const id = await queue('reader@example.com');
    const res = await get(`/api/outbox/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toMatchObject({
      body: 'Body for reader@example.com',
      bodyHidden: null,
    });
  });

  it('says whether a calendar file goes with the mail, without showing it', async () => {
    const plain = await queue('plain@example.com');
    await enqueueMail(
      t.database.db,
      {
        to: 'booked@example.com',
        kind: 'session-booked',
        subject: 'Booked',
        text: 'See you',
        calendar: 'BEGIN:VCALENDAR\r\nUID:secret-calendar\r\nEND:VCALENDAR\r\n',
      },
      { smtpConfigured: true, log: silent },
    );
    const [booked] = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'booked@example.com'));
    expect((await get(`/api/outbox/${plain}`)).json().mail.calendarAttached).toBe(false);
    const res = await get(`/api/outbox/${booked!.id}`);
    expect(res.json().mail).toMatchObject({ calendarAttached: true, body: 'See you' });
    expect(res.body).not.toContain('secret-calendar');
    // The list says nothing of it: it carries no body.
    expect((await get('/api/outbox')).body).not.toContain('calendar');
  });

  it('never shows the body of a password-reset mail, nor of any mail holding a token link', async () => {
    const reset = await queue(
      'reset@example.com',
      'password-reset',
      'Open http://x.test/reset-password?token=secret1',
    );
    const other = await queue(
      'other@example.com',
      'some-future-kind',
      'Confirm: http://x.test/confirm?token=secret2',
    );
    for (const id of [reset, other]) {
      const res = await get(`/api/outbox/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().mail).toMatchObject({
        body: null,
        bodyHidden: 'sensitive',
        sensitive: true,
      });
      expect(res.body).not.toMatch(/secret[12]/);
    }
  });

  it('answers 404 for an unknown id', async () => {
    expect((await get('/api/outbox/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('POST /api/outbox/{id}/retry', () => {
  it('queues a failed mail again, due now with fresh attempts, and audit-logs it', async () => {
    const id = await queue('retry@example.com');
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 no such user' })
      .where(eq(mailOutbox.id, id));

    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().mail).toMatchObject({ id, status: 'pending', attempts: 0 });
    const [row] = await t.database.db
      .select({
        status: mailOutbox.status,
        due: sql<boolean>`${mailOutbox.nextAttemptAt} <= now()`,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    expect(row).toEqual({ status: 'pending', due: true });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'mail.retry'), eq(auditLogs.resourceId, id)));
    expect(audit).toMatchObject({ userId: admin.id, resource: 'mail' });
    expect(audit!.details).toMatchObject({ previousAttempts: 8 });
  });

  it('answers 409 for a mail that is not failed and 404 for an unknown one', async () => {
    const id = await queue('fine@example.com');
    const res = await retry(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a failed mail can be retried');
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('a deleted participant', () => {
  it('takes their queued and sent mail with them, and leaves other people’s', async () => {
    const { input, participant: person } = await createParticipant(t.app);
    await queue(input.email);
    const sentId = await queue(input.email.toUpperCase(), 'application-completed');
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(mailOutbox.id, sentId));
    await queue('bystander@example.com');

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${person.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const left = await t.database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(left).toEqual([{ to: 'bystander@example.com' }]);
  });
});

describe('auto-replies to the public forms', () => {
  const typed = [
    'Mallory Phisher',
    'Evil Corp Prize Desk',
    'You won 50000 KES, claim it at prize-desk dot example within the hour',
  ];

  it('quote nothing the sender typed, not even the name', async () => {
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: {
        companyName: typed[1],
        contactPerson: typed[0],
        email: 'victim@example.com',
        service: 'research',
        message: typed[2],
      },
    });
    expect(inquiry.statusCode).toBe(201);
    const research = await t.app.inject({
      method: 'POST',
      url: '/api/research-requests',
      payload: {
        company: typed[1],
        contactName: typed[0],
        email: 'victim2@example.com',
        phone: '+254 712 345 678',
        description: typed[2],
      },
    });
    expect(research.statusCode).toBe(201);

    const replies = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.kind} in ('inquiry-confirmation', 'research-confirmation')`);
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      const whole = `${reply.subject}\n${reply.textBody}\n${reply.htmlBody}`;
      for (const words of ['Mallory', 'Evil Corp', 'prize-desk', 'You won']) {
        expect(whole).not.toContain(words);
      }
      expect(reply.textBody).toMatch(/^Hello,\n/);
    }
  });
});

/** The app with a logger whose every line is kept, as production would write it. */
async function appWithCapturedLog(env: Record<string, string>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const log = pino(loggerOptions('trace') as pino.LoggerOptions, stream);
  const database = await createTestDatabase();
  const config = testConfig(env);
  const app = await buildApp({
    config,
    database,
    loggerInstance: log as unknown as FastifyBaseLogger,
    clientDir: '/nonexistent-client-dir',
  });
  await app.ready();
  return { app, database, config, lines, log: log as unknown as FastifyBaseLogger };
}

describe('after forgot-password, no log line holds the reset token or link', () => {
  async function forgot(app: Awaited<ReturnType<typeof appWithCapturedLog>>) {
    const { input } = await createParticipant(app.app);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: input.email },
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'password-reset'));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)?.[1];
    expect(token).toBeTruthy();
    return { email: input.email, token: token!, id: mail!.id };
  }

  it('without SMTP_URL: the queued-mail line names the kind and a hash of the recipient only', async () => {
    const app = await appWithCapturedLog({});
    try {
      const { email, token } = await forgot(app);
      const all = app.lines.join('\n');
      expect(all).not.toContain(token);
      expect(all).not.toContain('reset-password?token');
      expect(all).not.toContain(email);
      const queued = app.lines.map((l) => JSON.parse(l)).find((l) => l.kind === 'password-reset');
      expect(queued).toMatchObject({ to: recipientHash(email) });
      expect(queued.to).toMatch(/^[0-9a-f]{12}$/);
      expect(queued).not.toHaveProperty('body');
      expect(queued).not.toHaveProperty('subject');
    } finally {
      await app.app.close();
      await app.database.close();
    }
  });

  it('with SMTP_URL: neither queuing nor sending logs it, and the sent copy no longer holds the link', async () => {
    const smtp = await startTestSmtpServer();
    const app = await appWithCapturedLog({ SMTP_URL: smtp.url });
    const worker = startMailWorker({
      db: app.database.db,
      config: app.config,
      log: app.log,
      pollIntervalMs: 3600_000,
    });
    try {
      const { token, id } = await forgot(app);
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(smtp.messages[0]!.raw).toContain(token);
      expect(app.lines.join('\n')).not.toContain(token);

      const [stored] = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(stored!.status).toBe('sent');
      expect(stored!.textBody).not.toContain(token);
      expect(stored!.textBody).toContain('[link removed once sent]');
      expect(stored!.htmlBody).toBeNull();
    } finally {
      await worker.stop();
      await app.app.close();
      await app.database.close();
      await smtp.close();
    }
  });
});
