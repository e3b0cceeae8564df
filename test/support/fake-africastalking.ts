import crypto from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSmsRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form fields as sent (username, to, message, from). */
  form: Record<string, string>;
};

export type FakeAfricasTalking = {
  /** http://127.0.0.1:PORT/version1/messaging: the transport's `endpoint`. */
  url: string;
  /** The key and user name it accepts (anything else is 401, as the real API answers). */
  apiKey: string;
  username: string;
  /** Every request it received, in order, answered or not. */
  requests: FakeSmsRequest[];
  /** The SMS it accepted (answered 101 Success), in order. */
  accepted: { to: string; message: string; from: string | undefined; messageId: string }[];
  /** The next `count` requests get HTTP `status` (500 unless told) with a text body. */
  failNext(count: number, status?: number): void;
  /** The next `count` requests get no answer until close(): past any client timeout. */
  hangNext(count: number): void;
  /** Every SMS to `number` is refused with 403 InvalidPhoneNumber, as the real API does. */
  refuseNumber(number: string): void;
  /** The next `count` requests get the per-recipient `statusCode` and `status` (e.g. 405 InsufficientBalance). */
  answerNext(count: number, statusCode: number, status: string): void;
  /** Forgets what it received and every failure asked for (between tests). */
  reset(): void;
  close(): Promise<void>;
};

const PATH = '/version1/messaging';

/**
 * A local stand-in for Africa's Talking's SMS API (POST /version1/messaging), on the
 * loopback interface and a random port: it checks the `apiKey` header, the form encoding
 * and the required fields, and answers as the documented API does, `SMSMessageData` with
 * one entry in `Recipients` per number (statusCode, status, number, cost, messageId).
 * It fails on demand: HTTP errors, hangs, refused numbers, any recipient status.
 */
export async function startFakeAfricasTalking(
  options: { apiKey?: string; username?: string } = {},
): Promise<FakeAfricasTalking> {
  const apiKey = options.apiKey ?? 'atsk_test_key_0123456789';
  const username = options.username ?? 'insightlab';
  const requests: FakeSmsRequest[] = [];
  const accepted: FakeAfricasTalking['accepted'] = [];
  const failures: number[] = [];
  const answers: { statusCode: number; status: string }[] = [];
  const refused = new Set<string>();
  let hangs = 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      if (hangs > 0) {
        hangs -= 1;
        return; // no answer: the socket stays open until the client gives up or close()
      }
      const failure = failures.shift();
      if (failure !== undefined) return text(res, failure, 'Internal Server Error');
      if (req.method !== 'POST' || req.url !== PATH) return text(res, 404, 'Not Found');
      if (req.headers.apikey !== apiKey || form.username !== username) {
        return text(res, 401, 'The supplied authentication is invalid');
      }
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return text(res, 415, 'Unsupported Media Type');
      }
      for (const field of ['to', 'message']) {
        if (!form[field])
          return text(res, 400, `Request is missing required form field '${field}'`);
      }
      const recipients = form.to!.split(',').map((to) => recipient(to.trim()));
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      json(res, 201, {
        SMSMessageData: {
          Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      });

      function recipient(to: string) {
        const forced = answers.shift();
        if (forced) return { ...forced, number: to, cost: '0', messageId: 'None' };
        if (refused.has(to) || !/^\+\d{7,15}$/.test(to)) {
          return {
            statusCode: 403,
            status: 'InvalidPhoneNumber',
            number: to,
            cost: '0',
            messageId: 'None',
          };
        }
        const messageId = `ATXid_${crypto.randomBytes(16).toString('hex')}`;
        accepted.push({ to, message: form.message!, from: form.from, messageId });
        return { statusCode: 101, status: 'Success', number: to, cost: 'KES 0.8000', messageId };
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    apiKey,
    username,
    requests,
    accepted,
    failNext(count, status = 500) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    hangNext(count) {
      hangs += count;
    },
    refuseNumber(number) {
      refused.add(number);
    },
    answerNext(count, statusCode, status) {
      for (let i = 0; i < count; i++) answers.push({ statusCode, status });
    },
    reset() {
      requests.length = 0;
      accepted.length = 0;
      failures.length = 0;
      answers.length = 0;
      refused.clear();
      hangs = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function text(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
