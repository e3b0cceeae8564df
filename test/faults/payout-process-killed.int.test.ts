import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { startMpesaSim, type MpesaSim } from '../../src/server/modules/payouts/mpesa-sim';
import { participantInput, TEST_PASSWORD } from '../factories';
import { freePort, startServer, waitUntilReady, type ServerProcess } from '../server-process';

/**
 * decisions.md section 11, "never paid twice", with a real process: the server sends a
 * B2C request and is killed (SIGKILL) before M-Pesa's callback arrives, so the callback
 * finds nobody. Started again on the same data, it must settle the payment with the
 * Transaction Status query and never send the request again.
 */
const started: ServerProcess[] = [];
const dirs: string[] = [];
let sim: MpesaSim | undefined;
afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await sim?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Polls `check` every 100 ms until it answers something, or fails after `ms`. */
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// The server processes run on their own embedded database whatever TEST_DATABASE_URL says,
// so the PostgreSQL pass would only repeat the PGlite one (45 s of two server starts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a payout when the server process is killed between the call and the answer',
  { timeout: 180_000 },
  () => {
    it('is settled by the status query after the restart, with exactly one B2C request', async () => {
      sim = await startMpesaSim({ port: 0, delayMs: 4_000 });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-kill-'));
      dirs.push(dataDir);
      const port = await freePort();
      const adminEmail = 'payouts.admin@example.com';
      const env = {
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: TEST_PASSWORD,
        PAYOUT_PROVIDER: 'mpesa',
        MPESA_BASE_URL: sim.url,
        MPESA_CONSUMER_KEY: 'key',
        MPESA_CONSUMER_SECRET: 'secret',
        MPESA_SHORTCODE: '600000',
        MPESA_INITIATOR_NAME: 'testapi',
        MPESA_SECURITY_CREDENTIAL: 'credential',
        MPESA_RESULT_TIMEOUT_S: '2',
      };
      const first = startServer(env, port);
      started.push(first);
      await waitUntilReady(first);
      const base = first.url;

      let cookie = '';
      const call = async (method: string, url: string, body?: unknown, as = cookie) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(as ? { cookie: as } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        const text = await res.text();
        return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
      };
      const signIn = async (email: string, password: string) => {
        const res = await call('POST', '/api/auth/signin', { email, password }, '');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.res.headers.getSetCookie()[0]!.split(';')[0]!;
      };

      // Staff: sign in, set up two-step sign-in and enter a code on the session.
      cookie = await signIn(adminEmail, TEST_PASSWORD);
      const setup = await call('POST', '/api/admin/2fa/setup');
      const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secret) });
      const enabled = await call('POST', '/api/admin/2fa/enable', {
        code: totp.generate(),
        currentPassword: TEST_PASSWORD,
      });
      expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
      // Releasing wants a code entered on the session: the next 30-second step's.
      const steppedUp = await call('POST', '/api/auth/step-up', {
        code: totp.generate({ timestamp: Date.now() + 30_000 }),
      });
      expect(steppedUp.status, JSON.stringify(steppedUp.body)).toBe(204);

      // A participant (paid when the number ends 0-5) completes a study: one pending payment.
      const created = await call('POST', '/api/tests', {
        title: 'Checkout usability',
        description: 'Try the new mobile checkout and tell us what slows you down.',
        company: 'Duka Pay',
        payRate: 700,
        duration: 1,
        maxParticipants: 5,
        startDate: new Date().toISOString().slice(0, 10),
        endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        status: 'active',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const testId = created.body.test.id as string;
      expect((await call('PUT', `/api/tests/${testId}/status`, { status: 'active' })).status).toBe(
        200,
      );
      const opened = await call('PUT', '/api/settings', { settings: { studiesOpen: true } });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const person = participantInput({ phone: '+254712345671' });
      const registered = await call('POST', '/api/participants/register', person, '');
      expect(registered.status).toBe(201);
      const participantCookie = await signIn(person.email, person.password);
      const applied = await call(
        'POST',
        '/api/applications',
        { participantId: registered.body.participant.id, testId },
        participantCookie,
      );
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      for (const status of ['scheduled', 'completed'])
        expect(
          (await call('PUT', `/api/applications/${applied.body.application.id}/status`, { status }))
            .status,
        ).toBe(200);
      const [payment] = (await call('GET', `/api/payments?testId=${testId}`)).body.payments;
      expect(payment.status).toBe('pending');

      // Release; the worker sends the B2C request; the process dies before the callback.
      expect((await call('POST', '/api/payouts', { paymentIds: [payment.id] })).status).toBe(202);
      await until('the B2C request', async () => (sim!.requests.length === 1 ? true : undefined));
      first.child.kill('SIGKILL');
      await first.exited;
      await sim.settled(); // the callback found nobody
      expect(sim.requests).toHaveLength(1);

      // Started again on the same data: the status query settles it, never a second request.
      const second = startServer(env, port);
      started.push(second);
      await waitUntilReady(second);
      const paid = await until('the payment to be completed', async () => {
        const { body } = await call('GET', `/api/payments?testId=${testId}`);
        const p = body.payments[0];
        return p.status === 'completed' ? p : undefined;
      });
      expect(paid.transactionId).toMatch(/^[A-Z0-9]{10}$/);
      expect(paid.attempts).toBe(1);
      expect(sim.requests).toHaveLength(1);
      expect(sim.statusQueries).toBeGreaterThanOrEqual(1);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    });
  },
);
