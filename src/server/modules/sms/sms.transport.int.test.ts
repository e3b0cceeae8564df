import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeAfricasTalking,
  type FakeAfricasTalking,
} from '../../../../test/support/fake-africastalking';
import {
  AFRICASTALKING_LIVE_URL,
  AFRICASTALKING_SANDBOX_URL,
  africasTalkingEndpoint,
  createAfricasTalkingTransport,
  SmsSendError,
} from './sms.transport';

let fake: FakeAfricasTalking;
const NUMBER = '+254712345678';
const message = { id: 'f3b0c1de-0000-4000-8000-000000000001', to: NUMBER, body: 'Habari!' };

beforeAll(async () => {
  fake = await startFakeAfricasTalking();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

function transport(options: { from?: string; apiKey?: string; timeoutMs?: number } = {}) {
  return createAfricasTalkingTransport({
    username: fake.username,
    apiKey: options.apiKey ?? fake.apiKey,
    from: options.from,
    endpoint: fake.url,
    timeoutMs: options.timeoutMs ?? 5000,
  });
}

/** The send's rejection, which must be an SmsSendError. */
async function refusal(send: Promise<unknown>): Promise<SmsSendError> {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe("Africa's Talking transport", () => {
  it('posts the documented form with the apiKey header, and answers the message id', async () => {
    const answer = await transport({ from: 'INSIGHTLAB' }).send(message);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/version1/messaging');
    expect(request.headers.apikey).toBe(fake.apiKey);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.form).toEqual({
      username: fake.username,
      to: NUMBER,
      message: 'Habari!',
      from: 'INSIGHTLAB',
    });
    expect(answer.providerMessageId).toBe(fake.accepted[0]!.messageId);
    expect(answer.providerMessageId).toMatch(/^ATXid_/);
  });

  it('leaves out `from` when no sender id is set (the account default is used)', async () => {
    await transport().send(message);
    expect(fake.requests[0]!.form).not.toHaveProperty('from');
  });

  it('uses the live host, or the sandbox host for the user name "sandbox"', () => {
    expect(africasTalkingEndpoint('insightlab')).toBe(AFRICASTALKING_LIVE_URL);
    expect(AFRICASTALKING_LIVE_URL).toBe('https://api.africastalking.com/version1/messaging');
    expect(africasTalkingEndpoint('sandbox')).toBe(AFRICASTALKING_SANDBOX_URL);
    expect(AFRICASTALKING_SANDBOX_URL).toBe(
      'https://api.sandbox.africastalking.com/version1/messaging',
    );
  });

  it('takes 100 Processed and 102 Queued as accepted too', async () => {
    fake.answerNext(1, 100, 'Processed');
    await expect(transport().send(message)).resolves.toEqual({});
    fake.answerNext(1, 102, 'Queued');
    await expect(transport().send(message)).resolves.toEqual({});
  });

  it('refuses an invalid number for good, without the whole number in the error', async () => {
    fake.refuseNumber(NUMBER);
    const error = await refusal(transport().send(message));
    expect(error.permanent).toBe(true);
    expect(error.message).toContain('403 InvalidPhoneNumber');
    expect(error.message).not.toContain('712345678');
  });

  it.each([
    [406, 'UserInBlacklist', true],
    [402, 'InvalidSenderId', true],
    [401, 'RiskHold', false],
    [405, 'InsufficientBalance', false],
    [407, 'CouldNotRoute', false],
    [501, 'GatewayError', false],
    [599, 'SomethingNew', false],
  ])('maps the recipient status %i %s to permanent = %s', async (code, status, permanent) => {
    fake.answerNext(1, code, status);
    const error = await refusal(transport().send(message));
    expect(error.permanent).toBe(permanent);
    expect(error.message).toContain(`${code} ${status}`);
  });

  it('retries an HTTP 5xx later', async () => {
    fake.failNext(1, 503);
    const error = await refusal(transport().send(message));
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('HTTP 503');
  });

  it('gives up waiting after its timeout and retries later', async () => {
    fake.hangNext(1);
    const started = Date.now();
    const error = await refusal(transport({ timeoutMs: 150 }).send(message));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.permanent).toBe(false);
    expect(error.message).toContain('no answer within 150 ms');
    expect(fake.accepted).toHaveLength(0);
  });

  it('retries a network error (nothing listening)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await refusal(
      createAfricasTalkingTransport({
        username: 'u',
        apiKey: 'k'.repeat(20),
        endpoint: `http://127.0.0.1:${port}/version1/messaging`,
      }).send(message),
    );
    expect(error.permanent).toBe(false);
    expect(error.message).toMatch(/network error/);
  });

  it('never puts the API key in the error, even when the answer quotes it', async () => {
    const key = 'atsk_Sup3rS3cretKey_abcdef';
    const quoting = http.createServer((req, res) => {
      res
        .writeHead(401, { 'content-type': 'text/plain' })
        .end(`Bad key ${String(req.headers.apikey)}`);
    });
    await new Promise<void>((resolve) => quoting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = quoting.address() as AddressInfo;
      const error = await refusal(
        createAfricasTalkingTransport({
          username: 'u',
          apiKey: key,
          endpoint: `http://127.0.0.1:${port}/version1/messaging`,
        }).send(message),
      );
      expect(error.message).toContain('HTTP 401');
      expect(error.message).not.toContain(key);
      expect(error.message).not.toContain('Sup3rS3cret');
      // A refused key is an operator's fix: retried within the attempts, not dropped at once.
      expect(error.permanent).toBe(false);
    } finally {
      await new Promise<void>((resolve) => quoting.close(() => resolve()));
    }
  });

  it("answers the fake's 401 for a wrong key like the real API, and sends nothing", async () => {
    const error = await refusal(transport({ apiKey: 'wrong-key-000' }).send(message));
    expect(error.message).toContain('HTTP 401 The supplied authentication is invalid');
    expect(fake.accepted).toHaveLength(0);
  });
});
