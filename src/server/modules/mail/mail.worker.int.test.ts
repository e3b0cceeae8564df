import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import ICAL from 'ical.js';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';
import { testConfig } from '../../../../test/app';
import { createTestDatabase, onPostgres } from '../../../../test/db';
import { failQuery } from '../../../../test/faults/driver-fault';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../test/smtp';
import { buildCalendar } from '../sessions/calendar';
import { enqueueMail } from './mail.service';
import type { MailTransport } from './mail.transport';
import { MAX_ATTEMPTS, startMailWorker, type MailWorker } from './mail.worker';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let database: Database;
let smtp: TestSmtpServer;
let workers: MailWorker[] = [];

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startTestSmtpServer()]);
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
  smtp.messages.length = 0;
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

/** A worker that only runs when the test says so (the poll interval is an hour). */
function worker(
  options: {
    env?: Record<string, string>;
    log?: FastifyBaseLogger;
    pollIntervalMs?: number;
    transport?: MailTransport;
  } = {},
) {
  const w = startMailWorker({
    db: database.db,
    config: testConfig(
      options.env ?? { SMTP_URL: smtp.url, MAIL_FROM: 'InsightLab <no-reply@insightlab.test>' },
    ),
    log: options.log ?? silent,
    pollIntervalMs: options.pollIntervalMs ?? 3600_000,
    ...(options.transport ? { transport: options.transport } : {}),
  });
  workers.push(w);
  return w;
}

async function enqueue(count = 1, prefix = 'person'): Promise<string[]> {
  for (let i = 0; i < count; i++) {
    await enqueueMail(
      database.db,
      {
        to: `${prefix}${i}@example.com`,
        subject: `Mail ${i}`,
        text: `Secret body ${i}`,
        kind: 'test-kind',
      },
      { smtpConfigured: true, log: silent },
    );
  }
  const rows = await database.db.select({ id: mailOutbox.id }).from(mailOutbox);
  return rows.map((r) => r.id);
}

async function row(id: string) {
  const [found] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** Seconds from the database's now() to the row's next attempt. */
async function secondsUntilNextAttempt(id: string): Promise<number> {
  const [found] = await database.db
    .select({ secs: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float8` })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return Number(found?.secs);
}

/** Instead of waiting for the back-off. */
async function makeDueNow() {
  await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

describe('mail worker', () => {
  it('delivers a queued mail to the SMTP server once and marks it sent', async () => {
    const [id] = await enqueue(1);
    const w = worker();

    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });

    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message.rcptTo).toEqual(['person0@example.com']);
    expect(message.mailFrom).toBe('no-reply@insightlab.test');
    expect(message.raw).toContain('Subject: Mail 0');
    expect(message.raw).toContain('Secret body 0');
    expect(message.raw).toContain(`Message-ID: <${id}@insightlab.test>`);

    const sent = await row(id!);
    expect(sent).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      lockedBy: null,
      lockedUntil: null,
    });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it('retries a rejected mail with back-off and delivers it on a later run', async () => {
    const [id] = await enqueue(1);
    const w = worker();
    smtp.failNext(1);

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    const rejected = await row(id!);
    expect(rejected).toMatchObject({
      status: 'pending',
      attempts: 1,
      lockedBy: null,
      sentAt: null,
    });
    expect(rejected.lastError).toMatch(/451/);
    const wait = await secondsUntilNextAttempt(id!);
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    // Not due yet: a run now sends nothing.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });

    smtp.failNext(1);
    await makeDueNow();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect((await row(id!)).attempts).toBe(2);
    // The second wait is longer than the first.
    expect(await secondsUntilNextAttempt(id!)).toBeGreaterThan(60);

    await makeDueNow();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it(`marks a mail failed after ${MAX_ATTEMPTS} attempts and stops trying`, async () => {
    const [id] = await enqueue(1);
    const w = worker();
    smtp.failNext(MAX_ATTEMPTS);

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect(await row(id!)).toMatchObject({
        attempts: attempt,
        status: attempt < MAX_ATTEMPTS ? 'pending' : 'failed',
      });
      await makeDueNow();
    }

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
    const failed = await row(id!);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      sentAt: null,
      lockedBy: null,
    });
    expect(failed.lastError).toMatch(/451/);
  });

  it('marks a mail failed at once when the server refuses it for good (5xx)', async () => {
    const [id] = await enqueue(1);
    const w = worker();
    smtp.failNext(1, 550);

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });
    const refused = await row(id!);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.lastError).toMatch(/550/);
  });

  it('two workers running at the same time on the same outbox deliver each mail exactly once', async () => {
    const ids = await enqueue(20);
    const a = worker();
    const b = worker();

    const totals = { sent: 0, failed: 0 };
    for (let round = 0; round < 4; round++) {
      for (const result of await Promise.all([
        a.runOnce(),
        b.runOnce(),
        a.runOnce(),
        b.runOnce(),
      ])) {
        totals.sent += result.sent;
        totals.failed += result.failed;
      }
    }

    expect(totals).toEqual({ sent: 20, failed: 0 });
    expect(smtp.messages).toHaveLength(20);
    const recipients = new Set(smtp.messages.flatMap((m) => m.rcptTo));
    expect(recipients.size).toBe(20);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(r).toMatchObject({ status: 'sent', attempts: 1 });
  });

  // PGlite is one connection: a second transaction cannot hold row locks while the worker runs.
  it.runIf(onPostgres)(
    'skips rows another transaction holds locked instead of waiting for them or sending them (needs PostgreSQL: TEST_DATABASE_URL; PGlite is one connection)',
    async () => {
      const ids = await enqueue(8);
      const held = ids.slice(0, 3);
      const w = worker();

      const outcome = await database.db.transaction(async (tx) => {
        await tx
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, held))
          .for('update');
        const timeout = new Promise<'blocked'>((resolve) =>
          setTimeout(() => resolve('blocked'), 3000).unref(),
        );
        return Promise.race([w.runOnce(), timeout]);
      });

      expect(outcome).toEqual({ sent: 5, failed: 0 });
      const heldRows = await database.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, held));
      for (const r of heldRows) expect(r).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await w.runOnce()).toEqual({ sent: 3, failed: 0 });
      expect(new Set(smtp.messages.flatMap((m) => m.rcptTo)).size).toBe(8);
      expect(smtp.messages).toHaveLength(8);
    },
  );

  it('sends a mail again once the lock of a worker that died mid-send has expired, and not before', async () => {
    const [expired, live] = await enqueue(2);
    const deadWorker = crypto.randomUUID();
    await database.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: 1,
        lockedBy: deadWorker,
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(mailOutbox.id, expired!));
    await database.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: 1,
        lockedBy: deadWorker,
        lockedUntil: sql`now() + interval '1 minute'`,
      })
      .where(eq(mailOutbox.id, live!));

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages.map((m) => m.rcptTo)).toEqual([[(await row(expired!)).toAddress]]);
    expect(await row(expired!)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(live!)).toMatchObject({
      status: 'sending',
      attempts: 1,
      lockedBy: deadWorker,
    });
  });

  it('sends nothing without SMTP_URL: the mail stays pending', async () => {
    const [id] = await enqueue(1);
    const w = worker({ env: {} });

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
    expect(await row(id!)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lockedBy: null,
      lastError: null,
    });
    await w.stop();
  });

  it('logs a failure at warn with the mail id and kind, never the address, the body or the SMTP credentials', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const [id] = await enqueue(1, 'wanjiru.kamau');
    const url = smtp.url.replace('smtp://', 'smtp://mailer:Sup3r-S3cret-Pass@');
    const w = worker({ env: { SMTP_URL: url }, log: log as unknown as FastifyBaseLogger });
    smtp.failNext(1);

    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1 });

    const warnings = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      mailId: id,
      kind: 'test-kind',
      attempt: 1,
      toDomain: 'example.com',
    });
    const everything = `${lines.join('\n')}\n${(await row(id!)).lastError}`;
    expect(everything).not.toContain('wanjiru.kamau');
    expect(everything).not.toContain('Secret body');
    expect(everything).not.toContain('Sup3r-S3cret-Pass');
    expect(everything).not.toContain(url);

    // The sign-in did happen with those credentials.
    await makeDueNow();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages[0]?.user).toBe('mailer');
  });

  it('logs a failed run without the statement’s values: no body, no address', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    await enqueueMail(
      database.db,
      {
        to: 'leak.check@example.com',
        subject: 'Karibu',
        kind: 'test-kind',
        text: 'Karibu-Unique-Words https://x.test/reset?token=SecretTok123',
      },
      { smtpConfigured: true, log: silent },
    );
    // The update to 'sent' (which writes the redacted body) is lost: the run fails.
    const undo = failQuery(database, (text) => /^update "mail_outbox" set "text_body"/i.test(text));
    try {
      worker({ log: log as unknown as FastifyBaseLogger, pollIntervalMs: 20 });
      await vi.waitFor(
        () => expect(lines.some((l) => l.includes('mail outbox run failed'))).toBe(true),
        { timeout: 5000, interval: 20 },
      );
    } finally {
      undo();
    }
    const everything = lines.join('\n');
    expect(everything).not.toContain('Karibu-Unique-Words');
    expect(everything).not.toContain('SecretTok123');
    expect(everything).not.toContain('leak.check');
  });

  it('polls on its own timer', async () => {
    const [id] = await enqueue(1);
    worker({ pollIntervalMs: 20 });

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5000, interval: 20 });
    await vi.waitFor(async () => expect((await row(id!)).status).toBe('sent'), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('stop() waits for the run in flight, and no run starts after it', async () => {
    const [id] = await enqueue(1);
    let release!: () => void;
    const sending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sends = 0;
    const transport: MailTransport = {
      async send() {
        sends += 1;
        await sending;
      },
      close() {},
    };
    const w = worker({ transport });

    const run = w.runOnce();
    await vi.waitFor(() => expect(sends).toBe(1));
    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);

    release();
    await stopping;
    expect(await run).toEqual({ sent: 1, failed: 0 });
    expect((await row(id!)).status).toBe('sent');

    await enqueue(1, 'later');
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(sends).toBe(1);
  });
});

/** Quoted-printable (RFC 2045) to text: soft breaks dropped, =XX bytes read as UTF-8. */
function fromQuotedPrintable(encoded: string): string {
  const bytes: number[] = [];
  const text = encoded.replace(/=\r\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=') {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The leaf parts of a received MIME message, headers unfolded and lowercased, bodies decoded. */
function mimeParts(raw: string): { headers: string; body: string }[] {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  let pieces = [raw];
  for (const boundary of boundaries) pieces = pieces.flatMap((p) => p.split(`\r\n--${boundary}`));
  return pieces.flatMap((piece) => {
    const split = piece.indexOf('\r\n\r\n');
    if (split < 0) return [];
    const headers = piece
      .slice(0, split)
      .replace(/\r\n[ \t]+/g, ' ')
      .trim()
      .toLowerCase();
    if (!headers.includes('content-type:') || headers.includes('multipart/')) return [];
    const encoded = piece.slice(split + 4);
    const encoding = /content-transfer-encoding:\s*([\w-]+)/.exec(headers)?.[1];
    const body =
      encoding === 'base64'
        ? Buffer.from(encoded.replace(/\s/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? fromQuotedPrintable(encoded)
          : encoded;
    return [{ headers, body }];
  });
}

describe('calendar attachments', () => {
  const calendar = buildCalendar({
    uid: 'application-1@insightlab.test',
    sequence: 2,
    startsAt: new Date('2026-12-01T22:30:00Z'),
    durationMinutes: 60,
    title: 'Utafiti wa simu, "Pesa"; siku ✨',
    location: 'Westlands, Nairobi',
    meetingUrl: null,
    description: 'Your session',
    now: new Date('2026-11-26T08:00:00Z'),
  });

  async function enqueueWithCalendar(file: string | undefined) {
    await enqueueMail(
      database.db,
      {
        to: 'booked@example.com',
        subject: 'You are booked',
        text: 'See you there',
        html: '<p>See you there</p>',
        kind: 'session-booked',
        ...(file === undefined ? {} : { calendar: file }),
      },
      { smtpConfigured: true, log: silent },
    );
  }

  it('stores the calendar with the mail and sends it as invite.ics (text/calendar, its METHOD), parseable', async () => {
    await enqueueWithCalendar(calendar);
    const [stored] = await database.db.select().from(mailOutbox);
    expect(stored!.calendar).toBe(calendar);

    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    const parts = mimeParts(smtp.messages[0]!.raw);
    const invites = parts.filter((p) => p.headers.includes('invite.ics'));
    expect(invites).toHaveLength(1);
    const invite = invites[0]!;
    expect(invite.headers).toMatch(
      /content-type: text\/calendar; charset=utf-8; method=request(;|\s|$)/,
    );
    expect(invite.headers).toMatch(/content-disposition: attachment; filename=("?)invite\.ics\1/);
    expect(invite.body).toBe(calendar);
    const event = new ICAL.Component(ICAL.parse(invite.body)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('summary')).toBe('Utafiti wa simu, "Pesa"; siku ✨');
    expect(event.getFirstPropertyValue('sequence')).toBe(2);
    // The letter is still the mail: its text and HTML are there beside the file.
    expect(parts.map((p) => p.body)).toEqual(
      expect.arrayContaining(['See you there', '<p>See you there</p>']),
    );
  });

  it('types a cancellation CANCEL', async () => {
    await enqueueWithCalendar(
      buildCalendar({
        uid: 'application-1@insightlab.test',
        sequence: 3,
        startsAt: new Date('2026-12-01T22:30:00Z'),
        durationMinutes: 60,
        title: 'Study',
        location: null,
        meetingUrl: 'https://meet.example.com/x',
        description: '',
        cancelled: true,
        now: new Date('2026-11-26T08:00:00Z'),
      }),
    );
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    const invite = mimeParts(smtp.messages[0]!.raw).find((p) => p.headers.includes('invite.ics'));
    expect(invite?.headers).toMatch(/content-type: text\/calendar; charset=utf-8; method=cancel/);
    expect(invite?.body).toContain('METHOD:CANCEL\r\n');
  });

  it('a mail without a calendar carries no attachment', async () => {
    await enqueueWithCalendar(undefined);
    expect((await database.db.select().from(mailOutbox))[0]!.calendar).toBeNull();
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 0 });
    const raw = smtp.messages[0]!.raw;
    expect(raw).not.toMatch(/text\/calendar|invite\.ics|Content-Disposition: attachment/i);
  });
});

describe('mail retention', () => {
  const sentAt = new Date('2026-03-02T10:00:00.000Z');
  const day = 24 * 3600_000;

  /** A worker without SMTP whose retention clock reads `at`: purging needs no SMTP. */
  function startRetention(at: Date) {
    const w = startMailWorker({
      db: database.db,
      config: testConfig({}),
      log: silent,
      pollIntervalMs: 3600_000,
      now: () => at,
    });
    workers.push(w);
    return w;
  }

  async function sentMail(kind: string, text: string, when: Date) {
    await enqueueMail(
      database.db,
      { to: 'kept@example.com', subject: 'Hi', text, html: `<p>${text}</p>`, kind },
      { smtpConfigured: true, log: silent },
    );
    const [created] = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(1);
    await database.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: when })
      .where(eq(mailOutbox.id, created!.id));
    return created!.id;
  }

  it('empties the bodies of mail sent more than 7 days ago (injected clock), and no other', async () => {
    const [waiting] = await enqueue(1, 'waiting');
    await database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(sentAt.getTime() - 30 * day) })
      .where(eq(mailOutbox.id, waiting!));
    const old = await sentMail('application-declined', 'Old news', sentAt);
    // A booking mail's calendar says where and when someone takes part: it goes with the body.
    await database.db
      .update(mailOutbox)
      .set({ calendar: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' })
      .where(eq(mailOutbox.id, old));
    const recent = await sentMail(
      'application-declined',
      'Fresh news',
      new Date(sentAt.getTime() + 2 * day),
    );

    expect(await startRetention(new Date(sentAt.getTime() + 7 * day - 1000)).purgeOnce()).toBe(0);
    expect((await row(old)).textBody).toBe('Old news');

    expect(await startRetention(new Date(sentAt.getTime() + 7 * day + 1000)).purgeOnce()).toBe(1);
    expect(await row(old)).toMatchObject({
      textBody: '',
      htmlBody: null,
      calendar: null,
      subject: 'Hi',
      status: 'sent',
    });
    expect((await row(recent)).textBody).toBe('Fresh news');
    // Mail not yet sent keeps its body however old it is.
    expect((await row(waiting!)).textBody).toBe('Secret body 0');
    // A second pass finds nothing more to do.
    expect(await startRetention(new Date(sentAt.getTime() + 8 * day)).purgeOnce()).toBe(0);
  });

  it('runs the retention pass on its own timer, without SMTP too', async () => {
    const old = await sentMail('application-declined', 'Old news', sentAt);
    const w = startMailWorker({
      db: database.db,
      config: testConfig({}),
      log: silent,
      now: () => new Date(sentAt.getTime() + 30 * day),
      purgeIntervalMs: 20,
    });
    workers.push(w);
    await vi.waitFor(async () => expect((await row(old)).textBody).toBe(''), {
      timeout: 5000,
      interval: 20,
    });
  });

  it('removes token links from a mail once it is sent, and keeps the rest of the body', async () => {
    await enqueueMail(
      database.db,
      {
        to: 'person@example.com',
        subject: 'Reset',
        kind: 'password-reset',
        text: 'Open http://localhost:5000/reset-password?token=AbC_123-xyz within one hour.',
        html: '<a href="http://localhost:5000/reset-password?token=AbC_123-xyz">Choose</a>',
      },
      { smtpConfigured: true, log: silent },
    );
    await enqueueMail(
      database.db,
      {
        to: 'person2@example.com',
        subject: 'Confirm',
        kind: 'some-other-kind',
        text: 'Confirm at https://x.test/confirm?id=1&token=Zz9 please.',
        html: '<a href="https://x.test/confirm?id=1&amp;token=Zz9">Confirm</a>',
      },
      { smtpConfigured: true, log: silent },
    );
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.messages.map((m) => m.raw).join('\n')).toContain('token=AbC_123-xyz');

    const rows = await database.db.select().from(mailOutbox);
    const reset = rows.find((r) => r.kind === 'password-reset')!;
    expect(reset.textBody).toBe('Open [link removed once sent] within one hour.');
    expect(reset.htmlBody).toBeNull();
    const other = rows.find((r) => r.kind === 'some-other-kind')!;
    expect(other.textBody).toBe('Confirm at [link removed once sent] please.');
    expect(other.htmlBody).not.toContain('Zz9');
  });

  it('keeps a reset mail’s link while it is not sent yet (the admins never see it; the developer script does)', async () => {
    await enqueueMail(
      database.db,
      {
        to: 'later@example.com',
        subject: 'Reset',
        kind: 'password-reset',
        text: 'Open http://localhost:5000/reset-password?token=Later1',
      },
      { smtpConfigured: false, log: silent },
    );
    const [stored] = await database.db.select().from(mailOutbox);
    expect(stored!.textBody).toContain('token=Later1');
  });
});
