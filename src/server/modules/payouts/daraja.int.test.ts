import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MpesaConfig } from '../../config';
import { createDarajaClient, type DarajaAnswer, type DarajaLog } from './daraja';
import { parseB2CResult, parseStatusResult, parseTimeout, statusOutcome } from './daraja-callbacks';
import { startMpesaSim, type MpesaSim } from './mpesa-sim';
import { freePort } from '../../../../test/server-process';

// The adapter against the real simulator on loopback, callbacks caught by a small local server.

type Callback = { kind: 'result' | 'timeout'; token: string; body: unknown };

const SECRETS = {
  consumerKey: 'ck_9f8e7d6c5b4a3f2e1d0c',
  consumerSecret: 'cs_1a2b3c4d5e6f7a8b9c0d',
  securityCredential: 'SecCred+Zm9vYmFyYmF6cXV4==',
};

let receiver: http.Server;
let receiverUrl: string;
let callbacks: Callback[] = [];
/** Every callback URL token handed to the adapter, and every OAuth token the sim issued. */
const urlTokens: string[] = [];
const issuedTokens: string[] = [];
/** Every line the adapter logged. */
let logLines: string[] = [];
let clock = Date.parse('2026-03-02T06:00:00Z');

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const match = /^\/api\/payouts\/mpesa\/(result|timeout)\/([^/]+)$/.exec(req.url ?? '');
      if (match) {
        callbacks.push({
          kind: match[1] as 'result' | 'timeout',
          token: match[2]!,
          body: JSON.parse(raw) as unknown,
        });
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ResultCode: 0, ResultDesc: 'Accepted' }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
  callbacks = [];
  logLines = [];
});

const captureLog: DarajaLog = {
  info: (obj, msg) => logLines.push(JSON.stringify([obj, msg])),
  warn: (obj, msg) => logLines.push(JSON.stringify([obj, msg])),
  error: (obj, msg) => logLines.push(JSON.stringify([obj, msg])),
};

/** Records the tokens the sim issues and the B2C bodies sent, then passes the call on. */
const sentBodies: Record<string, unknown>[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const url = String(input);
  if (url.includes('/mpesa/') && typeof init?.body === 'string') {
    sentBodies.push(JSON.parse(init.body) as Record<string, unknown>);
  }
  const response = await fetch(input, init);
  if (url.includes('/oauth/')) {
    const json = (await response
      .clone()
      .json()
      .catch(() => undefined)) as { access_token?: string } | undefined;
    if (json?.access_token) issuedTokens.push(json.access_token);
  }
  return response;
};

function configFor(sim: { url: string }, overrides: Partial<MpesaConfig> = {}): MpesaConfig {
  return {
    baseUrl: sim.url,
    ...SECRETS,
    shortcode: '600997',
    initiatorName: 'insightlab_api',
    commandId: 'BusinessPayment',
    resultTimeoutS: 60,
    callbackIps: undefined,
    ...overrides,
  };
}

function clientFor(
  sim: { url: string },
  options: { timeoutMs?: number } & Partial<MpesaConfig> = {},
) {
  const { timeoutMs, ...overrides } = options;
  return createDarajaClient(configFor(sim, overrides), {
    log: captureLog,
    fetch: recordingFetch,
    now: () => clock,
    requestTimeoutMs: timeoutMs ?? 5000,
  });
}

function callbackUrls() {
  const token = crypto.randomBytes(24).toString('base64url');
  urlTokens.push(token);
  return {
    token,
    resultUrl: `${receiverUrl}/api/payouts/mpesa/result/${token}`,
    timeoutUrl: `${receiverUrl}/api/payouts/mpesa/timeout/${token}`,
  };
}

function payment(phone = '+254712345670', amount = 1500) {
  const urls = callbackUrls();
  return {
    token: urls.token,
    request: {
      originatorConversationId: `il-${crypto.randomUUID()}`,
      phone,
      amount,
      remarks: 'InsightLab study payment',
      occasion: 'Usability study',
      resultUrl: urls.resultUrl,
      timeoutUrl: urls.timeoutUrl,
    },
  };
}

function expectKind<K extends DarajaAnswer['kind']>(
  answer: DarajaAnswer,
  kind: K,
): Extract<DarajaAnswer, { kind: K }> {
  expect(answer.kind, JSON.stringify(answer)).toBe(kind);
  return answer as Extract<DarajaAnswer, { kind: K }>;
}

describe('Daraja adapter against the simulator', () => {
  let sim: MpesaSim;
  beforeEach(async () => {
    sim = await startMpesaSim({ delayMs: 0, now: () => clock });
  });
  afterEach(async () => {
    await sim.close();
  });

  it('sends the documented B2C v3 body and shares one cached token between concurrent and later requests', async () => {
    const client = clientFor(sim);
    const payments = [0, 1, 2].map((d) => payment(`+25471234567${d}`, 100 + d));
    sentBodies.length = 0;

    const answers = await Promise.all(payments.map((p) => client.sendB2C(p.request)));
    const later = payment('+254112345673', 250);
    const lastAnswer = await client.sendB2C({
      ...later.request,
      remarks: `  ${'Payment for the study\n'.repeat(10)}  `,
    });

    for (const [i, answer] of answers.entries()) {
      const accepted = expectKind(answer, 'accepted');
      expect(accepted.originatorConversationId).toBe(payments[i]!.request.originatorConversationId);
      expect(accepted.conversationId).toMatch(/^AG_\d{8}_[0-9a-f]{20}$/);
    }
    expectKind(lastAnswer, 'accepted');
    expect(sim.oauthCalls).toBe(1);
    expect(sim.requests.map((r) => r.partyB)).toEqual(
      expect.arrayContaining(['254712345670', '254712345671', '254712345672', '254112345673']),
    );
    const body = sentBodies.find(
      (b) => b.OriginatorConversationID === later.request.originatorConversationId,
    )!;
    expect(body).toMatchObject({
      InitiatorName: 'insightlab_api',
      SecurityCredential: SECRETS.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: 250,
      PartyA: '600997',
      PartyB: '254112345673',
      Occassion: 'Usability study',
      ResultURL: later.request.resultUrl,
      QueueTimeOutURL: later.request.timeoutUrl,
    });
    // One line, trimmed, cut to Daraja's 100 characters.
    expect(body.Remarks).toBe(
      Array(10).fill('Payment for the study').join(' ').slice(0, 100).trim(),
    );
  });

  it('fetches a new token only when the cached one is about to expire (injected clock)', async () => {
    const client = clientFor(sim);
    expectKind(await client.sendB2C(payment().request), 'accepted');
    clock += 3000 * 1000; // well within the 3599 s
    expectKind(await client.sendB2C(payment().request), 'accepted');
    expect(sim.oauthCalls).toBe(1);

    clock += 570 * 1000; // 3570 s: inside the minute before expiry
    expectKind(await client.sendB2C(payment().request), 'accepted');
    expect(sim.oauthCalls).toBe(2);
  });

  it('a token the gateway refuses mid-batch is replaced and that request retried once, accepted', async () => {
    const client = clientFor(sim);
    expectKind(await client.sendB2C(payment().request), 'accepted');
    sim.expireTokens();
    const second = payment();
    expectKind(await client.sendB2C(second.request), 'accepted');
    expectKind(await client.sendB2C(payment().request), 'accepted');

    expect(sim.oauthCalls).toBe(2);
    expect(sim.requests).toHaveLength(3);
    expect(
      sim.requests.filter(
        (r) => r.originatorConversationId === second.request.originatorConversationId,
      ),
    ).toHaveLength(1);
  });

  it('each last digit ends in its callback, and every callback parses', async () => {
    const client = clientFor(sim);
    const sent = [];
    for (let digit = 0; digit <= 9; digit += 1) {
      const p = payment(`+25472200011${digit}`, 1000 + digit);
      expectKind(await client.sendB2C(p.request), 'accepted');
      sent.push({ digit, ...p });
    }
    await sim.settled();

    const receipts = new Set<string>();
    for (const { digit, token, request } of sent) {
      const mine = callbacks.filter((c) => c.token === token);
      if (digit === 9) {
        expect(mine, 'no callback for 9').toEqual([]);
        continue;
      }
      expect(mine, `one callback for ${digit}`).toHaveLength(1);
      if (digit === 8) {
        expect(mine[0]!.kind).toBe('timeout');
        expect(parseTimeout(mine[0]!.body)).toEqual({
          originatorConversationId: request.originatorConversationId,
          resultDesc: 'The service request has timed out.',
        });
        continue;
      }
      expect(mine[0]!.kind).toBe('result');
      const result = parseB2CResult(mine[0]!.body);
      expect(result?.originatorConversationId).toBe(request.originatorConversationId);
      if (digit <= 5) {
        expect(result).toMatchObject({ resultCode: 0, amount: 1000 + digit });
        expect(result?.receipt).toMatch(/^[A-Z0-9]{10}$/);
        expect(result?.receiverName).toMatch(/^25472200011\d - [A-Z ]+$/);
        receipts.add(result!.receipt!);
      } else if (digit === 6) {
        expect(result).toMatchObject({
          resultCode: 1,
          resultDesc: 'The balance is insufficient for the transaction.',
        });
        expect(result?.receipt).toBeUndefined();
      } else {
        expect(result?.resultCode).toBe(2040);
        expect(result?.resultDesc).toMatch(/can't be supported by the service/);
      }
    }
    expect(receipts.size).toBe(6);
  });

  it('the status query says completed with a receipt for 8, failed for 6 and 9, not found for an unknown id', async () => {
    const client = clientFor(sim);
    const byDigit = new Map<number, ReturnType<typeof payment>>();
    for (const digit of [6, 8, 9]) {
      const p = payment(`+25479900000${digit}`, 700);
      expectKind(await client.sendB2C(p.request), 'accepted');
      byDigit.set(digit, p);
    }
    await sim.settled();
    callbacks = [];

    const queries = new Map<string, string>();
    for (const [key, id] of [
      ...[...byDigit].map(([d, p]) => [String(d), p.request.originatorConversationId] as const),
      ['unknown', `il-${crypto.randomUUID()}`] as const,
    ]) {
      const urls = callbackUrls();
      const ack = await client.queryStatus({
        originatorConversationId: id,
        remarks: 'Payout status',
        resultUrl: urls.resultUrl,
        timeoutUrl: urls.timeoutUrl,
      });
      expectKind(ack, 'accepted');
      queries.set(key, urls.token);
    }
    await sim.settled();
    expect(sim.statusQueries).toBe(4);

    const statusFor = (key: string) => {
      const mine = callbacks.filter((c) => c.token === queries.get(key));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.kind).toBe('result');
      return parseStatusResult(mine[0]!.body)!;
    };
    const eight = statusFor('8');
    expect(eight).toMatchObject({
      resultCode: 0,
      transactionStatus: 'Completed',
      amount: 700,
      originatorConversationId: byDigit.get(8)!.request.originatorConversationId,
    });
    expect(eight.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(statusOutcome(eight)).toBe('completed');

    const six = statusFor('6');
    expect(six).toMatchObject({
      resultCode: 1,
      resultDesc: 'The balance is insufficient for the transaction.',
    });
    expect(statusOutcome(six)).toBe('failed');

    const nine = statusFor('9');
    expect(nine.resultCode).not.toBe(0);
    expect(nine.resultDesc).toBe('Transaction has expired.');
    expect(nine.receipt).toBeUndefined();
    expect(statusOutcome(nine)).toBe('failed');

    const unknown = statusFor('unknown');
    expect(unknown.resultCode).toBe(2033);
    expect(unknown.resultDesc).toMatch(/cannot be found/);
    expect(statusOutcome(unknown)).toBe('not_found');
  });

  it('an HTTP 500 is unknown, and the simulator did not process the request', async () => {
    const client = clientFor(sim);
    sim.failNext(1, 'http500');
    const answer = expectKind(await client.sendB2C(payment().request), 'unknown');
    expect(answer.error).toMatch(/HTTP 500 500\.003\.1001/);
    expect(sim.requests).toHaveLength(0);
  });

  it('a request left hanging is unknown once requestTimeoutMs has passed', async () => {
    const client = clientFor(sim, { timeoutMs: 300 });
    expectKind(await client.sendB2C(payment().request), 'accepted'); // token cached
    sim.failNext(1, 'hang');
    const answer = expectKind(await client.sendB2C(payment().request), 'unknown');
    expect(answer.error).toMatch(/no answer within 300 ms/);
  });

  it('a reset connection is unknown', async () => {
    const client = clientFor(sim);
    sim.failNext(1, 'reset');
    const answer = expectKind(await client.sendB2C(payment().request), 'unknown');
    expect(answer.error).toMatch(/network error/);
  });

  it('an answer lost after processing is unknown, yet /sim/requests shows the request and its callback arrives', async () => {
    const client = clientFor(sim);
    sim.failNext(1, 'lost_answer');
    const p = payment('+254733000001', 900);
    expectKind(await client.sendB2C(p.request), 'unknown');
    await sim.settled();

    const listed = (await (await fetch(`${sim.url}/sim/requests`)).json()) as Record<
      string,
      unknown
    >[];
    expect(listed).toEqual([
      {
        OriginatorConversationID: p.request.originatorConversationId,
        PartyB: '254733000001',
        Amount: 900,
        time: new Date(clock).toISOString(),
      },
    ]);
    const mine = callbacks.filter((c) => c.token === p.token);
    expect(parseB2CResult(mine[0]?.body)?.resultCode).toBe(0);
  });

  it('a repeated OriginatorConversationID is refused as a duplicate: unknown, and the first request stands', async () => {
    const client = clientFor(sim);
    const p = payment('+254733000002');
    expectKind(await client.sendB2C(p.request), 'accepted');
    const again = expectKind(await client.sendB2C(p.request), 'unknown');
    expect(again.error).toMatch(/Duplicate OriginatorConversationID/);
    expect(sim.requests).toHaveLength(1);
  });

  it('a payload Daraja refuses (400.002.02) is rejected and nothing is recorded', async () => {
    const client = clientFor(sim, { shortcode: ' ' });
    const answer = expectKind(await client.sendB2C(payment().request), 'rejected');
    expect(answer).toMatchObject({ code: '400.002.02' });
    expect(answer.description).toMatch(/Invalid PartyA/);
    expect(sim.requests).toHaveLength(0);
  });

  it('a number that is not a Kenyan mobile or an amount that is not whole shillings is rejected before sending', async () => {
    const client = clientFor(sim);
    expectKind(await client.sendB2C(payment('+255712345678').request), 'rejected');
    expectKind(await client.sendB2C(payment('+254712345678', 10.5).request), 'rejected');
    expect(sim.oauthCalls).toBe(0);
  });

  it('OAuth refused (no usable credentials) means not sent', async () => {
    const client = clientFor(sim, { consumerSecret: '' });
    const answer = expectKind(await client.sendB2C(payment().request), 'not_sent');
    expect(answer.error).toMatch(/no access token: OAuth: HTTP 400 400\.008\.01/);
    expect(sim.requests).toHaveLength(0);
  });
});

describe('Daraja adapter when nothing listens', () => {
  it('a refused connection to the token endpoint means not sent', async () => {
    const client = clientFor({ url: `http://127.0.0.1:${await freePort()}` });
    const answer = expectKind(await client.sendB2C(payment().request), 'not_sent');
    expect(answer.error).toMatch(/ECONNREFUSED/);
  });

  it('a refused connection for the B2C request itself (token in hand) means not sent', async () => {
    const sim = await startMpesaSim({ delayMs: 0, now: () => clock });
    try {
      // The token comes from the simulator; the B2C request goes to a port nobody listens on.
      const closed = `http://127.0.0.1:${await freePort()}`;
      const split: typeof fetch = (input, init) =>
        recordingFetch(
          String(input).replace(closed, String(input).includes('/oauth/') ? sim.url : closed),
          init,
        );
      const client = createDarajaClient(configFor({ url: closed }), {
        log: captureLog,
        fetch: split,
        now: () => clock,
      });
      const answer = expectKind(await client.sendB2C(payment().request), 'not_sent');
      expect(answer.error).toMatch(/^B2C: network error \(ECONNREFUSED/);
      expect(sim.oauthCalls).toBe(1);
    } finally {
      await sim.close();
    }
  });
});

describe('duplicate mode', () => {
  it('sends every callback twice, identical', async () => {
    const sim = await startMpesaSim({ delayMs: 0, duplicate: true, now: () => clock });
    try {
      const client = clientFor(sim);
      const p = payment('+254700000004', 321);
      expectKind(await client.sendB2C(p.request), 'accepted');
      await sim.settled();
      const mine = callbacks.filter((c) => c.token === p.token);
      expect(mine).toHaveLength(2);
      expect(mine[0]).toEqual(mine[1]);
      expect(parseB2CResult(mine[0]!.body)?.amount).toBe(321);
    } finally {
      await sim.close();
    }
  });
});

describe('Daraja adapter answers from a gateway it cannot trust', () => {
  const sim = { url: 'http://daraja.test' };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  function scripted(answers: Array<() => Response>) {
    const calls: string[] = [];
    const fake: typeof fetch = async (input) => {
      calls.push(String(input));
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    };
    return { calls, fake };
  }
  const token = () => json(200, { access_token: 'tok_abcdefghijklmnop', expires_in: 3599 });

  it('a non-zero ResponseCode is rejected with its description', async () => {
    const { fake } = scripted([
      token,
      () =>
        json(200, {
          ResponseCode: '2001',
          ResponseDescription: 'The initiator information is invalid.',
        }),
    ]);
    const client = createDarajaClient(configFor(sim), {
      log: captureLog,
      fetch: fake,
      now: () => clock,
    });
    const answer = expectKind(await client.sendB2C(payment().request), 'rejected');
    expect(answer).toMatchObject({ code: '2001' });
    expect(answer.description).toMatch(/The initiator information is invalid/);
  });

  it('a token refused twice is not sent; an unreadable 200 is unknown', async () => {
    const refusedTwice = scripted([
      token,
      () => json(404, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }),
      token,
      () => json(404, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }),
    ]);
    const client = createDarajaClient(configFor(sim), {
      log: captureLog,
      fetch: refusedTwice.fake,
      now: () => clock,
    });
    expectKind(await client.sendB2C(payment().request), 'not_sent');
    expect(refusedTwice.calls.filter((c) => c.includes('/oauth/'))).toHaveLength(2);

    const garbled = scripted([token, () => new Response('<html>gateway</html>', { status: 200 })]);
    const other = createDarajaClient(configFor(sim), {
      log: captureLog,
      fetch: garbled.fake,
      now: () => clock,
    });
    expectKind(await other.sendB2C(payment().request), 'unknown');
  });

  it('a 429 from the rate limit is not sent; a 502 is unknown', async () => {
    const { fake } = scripted([
      token,
      () => json(429, { errorCode: '500.003.02', errorMessage: 'Spike Arrest Violation' }),
      () => json(502, { errorCode: '500.003.1001', errorMessage: 'Bad Gateway' }),
    ]);
    const client = createDarajaClient(configFor(sim), {
      log: captureLog,
      fetch: fake,
      now: () => clock,
    });
    expectKind(await client.sendB2C(payment().request), 'not_sent');
    expectKind(await client.sendB2C(payment().request), 'unknown');
  });
});

describe('secrets', () => {
  it('no log line and no answer carries the key, secret, credential, a token or a callback URL token', async () => {
    const sim = await startMpesaSim({ delayMs: 0, now: () => clock });
    const answers: DarajaAnswer[] = [];
    try {
      const client = clientFor(sim, { timeoutMs: 300 });
      answers.push(await client.sendB2C(payment().request));
      sim.expireTokens();
      answers.push(await client.sendB2C(payment().request));
      sim.failNext(1, 'http500');
      answers.push(await client.sendB2C(payment().request));
      sim.failNext(1, 'hang');
      answers.push(await client.sendB2C(payment().request));
      const urls = callbackUrls();
      answers.push(
        await client.queryStatus({ originatorConversationId: 'il-x', remarks: 'Status', ...urls }),
      );
      answers.push(await clientFor(sim, { shortcode: ' ' }).sendB2C(payment().request));
      answers.push(await clientFor(sim, { consumerSecret: '' }).sendB2C(payment().request));
      await sim.settled();
    } finally {
      await sim.close();
    }
    expect(logLines.length).toBeGreaterThanOrEqual(7);
    expect(issuedTokens.length).toBeGreaterThanOrEqual(2);
    const basic = Buffer.from(`${SECRETS.consumerKey}:${SECRETS.consumerSecret}`).toString(
      'base64',
    );
    const everything = [...logLines, JSON.stringify(answers)].join('\n');
    for (const secret of [...Object.values(SECRETS), basic, ...issuedTokens, ...urlTokens]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('/api/payouts/mpesa/result/…');
  });
});
