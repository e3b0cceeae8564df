// npm run bench:reminders -- [--database-url postgres://…] [--reminders 10000]
// The reminder budget of decisions.md section 7: 10,000 reminders due in the same minute all
// leave the outbox within 2 minutes with a local SMTP server. The sessions job turns due
// reminders into mail and SMS rows (in the transaction that marks them sent); the mail worker
// sends the mail to a real SMTP server on loopback. Prints each figure beside its budget and
// exits non-zero when one is missed. PGlite by default; PostgreSQL in a database of its own.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import {
  applications,
  mailOutbox,
  participants,
  sessionReminders,
  studies,
  studySessions,
} from '../src/server/db/schema/index';
import { startMailWorker } from '../src/server/modules/mail/mail.worker';
import { createSessionsService } from '../src/server/modules/sessions/sessions.service';
import { startSessionsWorker } from '../src/server/modules/sessions/sessions.worker';
import { createStudiesService } from '../src/server/modules/studies/studies.service';
import { startTestSmtpServer } from '../test/smtp';
import { openBenchDatabase } from './bench-database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    reminders: { type: 'string', default: '10000' },
  },
});
const COUNT = Number(values.reminders);
const BUDGET_SECONDS = 120;
const SEATS = 100;

/** COUNT people booked in sessions 24 h ahead, their 24-hour reminders all due within the last minute. */
async function seed(database: Database, now: Date) {
  const { db } = database;
  const [study] = await db
    .insert(studies)
    .values({
      title: 'Mobile money onboarding',
      description: 'Reminder benchmark',
      payRate: '1500.00',
      duration: 1,
      maxParticipants: 100_000,
      status: 'active',
    })
    .returning();
  const sessionRows = await db
    .insert(studySessions)
    .values(
      Array.from({ length: Math.ceil(COUNT / SEATS) }, (_, i) => ({
        testId: study!.id,
        startsAt: new Date(now.getTime() + 24 * 3600_000 - (i % 60) * 1000),
        durationMinutes: 60,
        mode: 'in_person' as const,
        location: 'iHub, Senteu Plaza, Ngong Road, Nairobi',
        capacity: SEATS,
      })),
    )
    .returning();
  for (let from = 0; from < COUNT; from += 1000) {
    const size = Math.min(1000, COUNT - from);
    const people = await db
      .insert(participants)
      .values(
        Array.from({ length: size }, (_, i) => ({
          firstName: 'Amina',
          lastName: `Otieno ${from + i}`,
          email: `amina.${from + i}@bench.example`,
          phone: `+2547${String(10_000_000 + from + i)}`,
          passwordHash: 'not-a-hash',
        })),
      )
      .returning({ id: participants.id });
    const booked = await db
      .insert(applications)
      .values(
        people.map((p, i) => ({
          participantId: p.id,
          testId: study!.id,
          status: 'scheduled' as const,
          sessionId: sessionRows[Math.floor((from + i) / SEATS)]!.id,
        })),
      )
      .returning({ id: applications.id, sessionId: applications.sessionId });
    await db.insert(sessionReminders).values(
      booked.map((b, i) => ({
        applicationId: b.id,
        sessionId: b.sessionId!,
        kind: '24h' as const,
        dueAt: new Date(now.getTime() - ((from + i) % 60) * 1000),
      })),
    );
  }
}

const { database, drop } = await openBenchDatabase(values['database-url'], 'reminders');
const smtp = await startTestSmtpServer();
const log = pino({ level: 'warn' });
try {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://insightlab.example',
  });
  const seededAt = new Date();
  await seed(database, seededAt);
  console.log(
    `${database.kind}: ${COUNT} bookings, their 24-hour reminders due within the last minute`,
  );
  const sessions = createSessionsService({
    db: database.db,
    config,
    log,
    studies: createStudiesService({ db: database.db }),
  });

  const started = performance.now();
  const jobs = startSessionsWorker({ sessions, log, pollIntervalMs: 100 });
  const mail = startMailWorker({ db: database.db, config, log, pollIntervalMs: 100 });
  let queuedAt: number | undefined;
  let sentAt: number | undefined;
  const deadline = started + 2 * BUDGET_SECONDS * 1000;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [row] = await database.db
      .select({
        due: sql<number>`(SELECT count(*)::int FROM ${sessionReminders} WHERE ${sessionReminders.sentAt} IS NULL)`,
        unsent: sql<number>`(SELECT count(*)::int FROM ${mailOutbox} WHERE ${mailOutbox.status} <> 'sent')`,
      })
      .from(sql`(SELECT 1) AS one`);
    if (queuedAt === undefined && Number(row!.due) === 0) queuedAt = performance.now();
    if (queuedAt !== undefined && Number(row!.unsent) === 0) {
      sentAt = performance.now();
      break;
    }
  }
  await jobs.stop();
  await mail.stop();

  const seconds = (at: number | undefined) =>
    at === undefined ? Number.POSITIVE_INFINITY : (at - started) / 1000;
  const queued = seconds(queuedAt);
  const sent = seconds(sentAt);
  const received = smtp.messages.length;
  console.log(`reminders turned into mail and SMS: ${queued.toFixed(1)} s`);
  console.log(
    `all ${COUNT} reminder mails accepted by SMTP: ${sent.toFixed(1)} s (budget ${BUDGET_SECONDS} s, ${(sent / BUDGET_SECONDS).toFixed(2)} of it); ${(COUNT / sent).toFixed(0)} mails/s; SMTP server received ${received}`,
  );
  const ok = sent <= BUDGET_SECONDS && received >= COUNT;
  console.log(ok ? 'PASS' : 'FAIL: over budget or mail missing');
  process.exitCode = ok ? 0 : 1;
} finally {
  await smtp.close();
  await database.close();
  await drop();
}
