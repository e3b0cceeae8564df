import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs } from '../../../../test/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../test/smtp';
import { enqueueMail } from '../mail/mail.service';
import { startMailWorker } from '../mail/mail.worker';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  [t, smtp] = await Promise.all([buildTestApp({ studiesOpen: false }), startTestSmtpServer()]);
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

/** The headers of a raw message, unfolded, by lower-cased name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new Map(
    head.split(/\r?\n/).map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
}

async function sendAll() {
  const worker = startMailWorker({
    db: t.database.db,
    config: { ...t.config, smtpUrl: smtp.url, mailFrom: 'InsightLab <no-reply@insightlab.test>' },
    log: silent,
    pollIntervalMs: 3600_000,
  });
  try {
    for (let i = 0; i < 20 && (await worker.runOnce()).sent > 0; i++);
  } finally {
    await worker.stop();
  }
}

describe('the studies-open mail over SMTP', () => {
  it('arrives with RFC 8058 List-Unsubscribe and List-Unsubscribe-Post headers of its own person', async () => {
    const { input, participant } = await createParticipant(t.app, { firstName: 'Njeri' });
    const boss = await loginAs(t.app, t.database.db, 'admin');
    const open = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: boss.cookie },
      payload: { settings: { studiesOpen: true } },
    });
    expect(open.statusCode).toBe(200);
    await sendAll();
    const received = smtp.messages.find((m) => m.rcptTo.includes(input.email));
    expect(received).toBeDefined();
    const headers = headersOf(received!.raw);
    const link = new RegExp(
      `^<${t.config.publicUrl}/api/unsubscribe/${participant.id}\\.studies\\.[A-Za-z0-9_-]{43}>$`,
    );
    expect(headers.get('list-unsubscribe')).toMatch(link);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('drops a stored header that could break its line or replace the sender', async () => {
    smtp.messages.length = 0;
    await enqueueMail(
      t.database.db,
      {
        to: 'headers@example.com',
        subject: 'Headers',
        text: 'Body',
        kind: 'test',
        headers: {
          'List-Unsubscribe': '<https://example.com/x>\r\nBcc: victim@example.com',
          From: 'Someone Else <evil@example.com>',
          'X-Kept': 'yes',
        },
      },
      { smtpConfigured: true, log: silent },
    );
    await sendAll();
    const received = smtp.messages.find((m) => m.rcptTo.includes('headers@example.com'));
    const headers = headersOf(received!.raw);
    expect(headers.get('x-kept')).toBe('yes');
    expect(headers.has('list-unsubscribe')).toBe(false);
    expect(headers.has('bcc')).toBe(false);
    expect(received!.rcptTo).toEqual(['headers@example.com']);
    expect(headers.get('from')).toContain('no-reply@insightlab.test');
  });
});
