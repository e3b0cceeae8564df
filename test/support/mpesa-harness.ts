import { Writable } from 'node:stream';
import pino from 'pino';
import { buildTestApp, testConfig, type LogLine, type TestApp } from '../app';
import { freePort } from '../server-process';
import { owedPayment } from './payouts';
import { loginAsSteppedUp, type Enrolment } from './two-factor';
import type { Database } from '../../src/server/db/client';
import { createDarajaClient, type DarajaClient } from '../../src/server/modules/payouts/daraja';
import { startMpesaSim, type MpesaSim } from '../../src/server/modules/payouts/mpesa-sim';

/**
 * The M-Pesa test harness (payouts-mpesa.int.test.ts and the attack files): the real app
 * listening on a free port, the Daraja simulator calling it back, an injected clock, the
 * log captured, and the adapter wrapped so a test can change what a send or query does.
 * `sim` and `port` let a second app take over from a first one (a restart); a simulator
 * passed in is left running by `close()`.
 */

type Send = DarajaClient['sendB2C'];
type Query = DarajaClient['queryStatus'];

export type Harness = {
  t: TestApp;
  sim: MpesaSim;
  port: number;
  boss: { cookie: string; id: string; email: string; enrolment: Enrolment };
  clock: { ms: number };
  urls: { resultUrl: string; timeoutUrl: string; kind: 'b2c' | 'status' }[];
  lines: LogLine[];
  faults: {
    send?: (real: Send, req: Parameters<Send>[0]) => ReturnType<Send>;
    query?: (real: Query, req: Parameters<Query>[0]) => ReturnType<Query>;
  };
  release(paymentIds: string[]): Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
  paymentOf(id: string): Promise<Record<string, unknown>>;
  work(): Promise<void>;
  owed(digit: number, amount?: string): ReturnType<typeof owedPayment>;
  requestsFor(phone: string): MpesaSim['requests'];
  close(): Promise<void>;
};

export async function mpesaHarness(
  options: {
    database?: Database;
    env?: Record<string, string>;
    sim?: MpesaSim;
    port?: number;
  } = {},
): Promise<Harness> {
  const sim = options.sim ?? (await startMpesaSim({ port: 0, delayMs: 0 }));
  const port = options.port ?? (await freePort());
  const clock = { ms: Date.parse('2026-11-26T08:00:00Z') };
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _e, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  const env = {
    PAYOUT_PROVIDER: 'mpesa',
    MPESA_BASE_URL: sim.url,
    MPESA_CONSUMER_KEY: 'test-consumer-key',
    MPESA_CONSUMER_SECRET: 'test-consumer-secret-xyz',
    MPESA_SHORTCODE: '600000',
    MPESA_INITIATOR_NAME: 'testapi',
    MPESA_SECURITY_CREDENTIAL: 'test-security-credential-abc',
    MPESA_RESULT_TIMEOUT_S: '60',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    ...options.env,
  };
  const urls: Harness['urls'] = [];
  const faults: Harness['faults'] = {};
  const real = createDarajaClient(testConfig(env).payouts.mpesa!, {
    log: logger,
    now: () => clock.ms,
    requestTimeoutMs: 2_000,
  });
  const daraja: DarajaClient = {
    sendB2C: (req) => {
      urls.push({ resultUrl: req.resultUrl, timeoutUrl: req.timeoutUrl, kind: 'b2c' });
      const send = real.sendB2C.bind(real);
      return faults.send ? faults.send(send, req) : send(req);
    },
    queryStatus: (req) => {
      urls.push({ resultUrl: req.resultUrl, timeoutUrl: req.timeoutUrl, kind: 'status' });
      const query = real.queryStatus.bind(real);
      return faults.query ? faults.query(query, req) : query(req);
    },
  };
  const t = await buildTestApp({
    env,
    daraja,
    clock: () => new Date(clock.ms),
    loggerInstance: logger,
    ...(options.database ? { database: options.database } : {}),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const boss = await loginAsSteppedUp(t.app, t.database.db, 'admin', {
    now: () => new Date(clock.ms),
  });

  const h: Harness = {
    t,
    sim,
    port,
    boss,
    clock,
    urls,
    lines,
    faults,
    async release(paymentIds) {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/payouts',
          headers: { cookie: boss.cookie },
          payload: { paymentIds },
        });
      const first = await send();
      if (first.statusCode !== 403 || !first.json().stepUp) return first;
      clock.ms += 30_000;
      await boss.enrolment.stepUp(boss.cookie);
      return send();
    },
    async paymentOf(id) {
      const res = await t.app.inject({
        url: '/api/payments?limit=200',
        headers: { cookie: boss.cookie },
      });
      return res.json().payments.find((p: { id: string }) => p.id === id);
    },
    async work() {
      await t.app.payouts.sendQueued();
      await t.app.payouts.checkOverdue();
      await sim.settled();
    },
    owed: (digit, amount = '1500.00') => owedPayment(t.app, t.database.db, { digit, amount }),
    requestsFor: (phone) => sim.requests.filter((r) => r.partyB === phone.replace(/^\+/, '')),
    async close() {
      await t.close();
      if (!options.sim) await sim.close();
    },
  };
  return h;
}
