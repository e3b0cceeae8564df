import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DARAJA_PATHS, redactCallbackUrl } from './daraja';

/**
 * A local stand-in for Safaricom Daraja (decisions.md section 11): OAuth, B2C v3 and
 * Transaction Status, with the documented request checks, acknowledgements, error bodies
 * (`{ requestId, errorCode, errorMessage }`) and callbacks, delivered after `delayMs`.
 *
 * The outcome is chosen by the last digit of PartyB:
 * - 0-5 paid: ResultCode 0 with ResultParameters (TransactionReceipt, TransactionAmount, ...).
 * - 6 ResultCode 1 "The balance is insufficient for the transaction." (nothing moved).
 * - 7 ResultCode 2040, the documented code for a receiver B2C cannot pay (nothing moved).
 * - 8 the money moved, but only the queue-timeout notice arrives (on QueueTimeOutURL).
 * - 9 nothing arrives at all, and the money did not move.
 * The status query answers after the delay on its own ResultURL: Completed with ReceiptNo for
 * 0-5 and 8; for 6 and 7 the transaction's failure code and description; for 9 ResultCode
 * 1019 "Transaction has expired." (it never left M-Pesa's queue); for an id it never received
 * ResultCode 2033 "The transaction receipt number cannot be found by the specified
 * OriginatorConversationID or ConversationID.".
 *
 * A repeated OriginatorConversationID is refused as Daraja's B2C page documents: HTTP 500
 * `{ errorCode: "500.002.1001", errorMessage: "Duplicate OriginatorConversationID." }`, and
 * the first request's fate stands. Callbacks are delivered once (twice with `duplicate`); a
 * failed delivery is logged and not retried, as Daraja does not retry either.
 */

export type MpesaSimRequest = {
  originatorConversationId: string;
  partyB: string;
  amount: number;
  /** ISO time it was received. */
  at: string;
};

export type MpesaSimFailure = 'http500' | 'hang' | 'reset' | 'lost_answer';

export type MpesaSim = {
  /** http://host:port, for MPESA_BASE_URL. */
  url: string;
  /** B2C requests received and processed, in order (what GET /sim/requests lists). */
  requests: MpesaSimRequest[];
  oauthCalls: number;
  statusQueries: number;
  /**
   * The next n B2C requests (that pass the token and payload checks): answer 500 / hang
   * until the client gives up / reset the connection / answer 500 AFTER recording and
   * processing the payment (money moved, answer lost). Only lost_answer processes them.
   */
  failNext(n: number, how: MpesaSimFailure): void;
  /** Every issued token becomes invalid now. */
  expireTokens(): void;
  /** Resolves when every scheduled callback has been delivered (or its delivery failed). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

export type MpesaSimOptions = {
  /** 0 = any free port (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Before each callback, default 500. */
  delayMs?: number;
  /** Every callback is sent twice. */
  duplicate?: boolean;
  /** Token life, default 3599 s (Daraja's). */
  tokenTtlS?: number;
  now?: () => number;
  /** Where it reports; failures go to warn (default console.warn), the rest to info (default silent). */
  log?: { info: (line: string) => void; warn: (line: string) => void };
};

type Outcome = 'paid' | 'insufficient' | 'invalid_receiver' | 'queue_timeout' | 'no_callback';

type Transaction = {
  originatorConversationId: string;
  conversationId: string;
  partyA: string;
  partyB: string;
  amount: number;
  outcome: Outcome;
  receipt: string;
  at: number;
};

const MAX_BODY = 64 * 1024;

const OUTCOME_BY_DIGIT: Record<string, Outcome> = {
  '0': 'paid',
  '1': 'paid',
  '2': 'paid',
  '3': 'paid',
  '4': 'paid',
  '5': 'paid',
  '6': 'insufficient',
  '7': 'invalid_receiver',
  '8': 'queue_timeout',
  '9': 'no_callback',
};

const PROCESSED = 'The service request is processed successfully.';
const FAILURES = {
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  invalid_receiver: {
    code: 2040,
    desc: "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
  },
  expired: { code: 1019, desc: 'Transaction has expired.' },
  not_found: {
    code: 2033,
    desc: 'The transaction receipt number cannot be found by the specified OriginatorConversationID or ConversationID.',
  },
} as const;

const RECEIVER_NAMES = ['JOHN DOE', 'MARY WANJIKU', 'PETER OTIENO', 'GRACE ACHIENG', 'JAMES KAMAU'];
const COMMAND_IDS = new Set(['BusinessPayment', 'SalaryPayment', 'PromotionPayment']);

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomChars(count: number, alphabet = ALPHANUMERIC): string {
  const bytes = crypto.randomBytes(count);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** Nairobi time (UTC+3, no daylight saving), as M-Pesa prints it. */
function nairobi(ms: number) {
  const d = new Date(ms + 3 * 3600_000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const [y, mo, da, h, mi, s] = [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
  return {
    compact: `${p(y, 4)}${p(mo)}${p(da)}${p(h)}${p(mi)}${p(s)}`,
    dotted: `${p(da)}.${p(mo)}.${p(y, 4)} ${p(h)}:${p(mi)}:${p(s)}`,
    day: `${p(y, 4)}${p(mo)}${p(da)}`,
  };
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const nonEmpty = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;

/** Amount as Daraja takes it: a positive whole number, as a JSON number or digits. */
function wholeAmount(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

export async function startMpesaSim(opts: MpesaSimOptions = {}): Promise<MpesaSim> {
  const now = opts.now ?? Date.now;
  const delayMs = opts.delayMs ?? 500;
  const tokenTtlS = opts.tokenTtlS ?? 3599;
  const log = opts.log ?? { info: () => {}, warn: (line: string) => console.warn(line) };

  const tokens = new Map<string, number>();
  const transactions = new Map<string, Transaction>();
  const receipts = new Set<string>();
  const failures: MpesaSimFailure[] = [];
  const pending = new Set<Promise<void>>();
  const sockets = new Set<Socket>();
  let utilityBalance = 10_000_000;
  let closed = false;

  const state = {
    requests: [] as MpesaSimRequest[],
    oauthCalls: 0,
    statusQueries: 0,
  };

  function newReceipt(): string {
    // A letter first, as M-Pesa's (e.g. SG632NMUAB).
    for (;;) {
      const receipt = randomChars(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + randomChars(9);
      if (!receipts.has(receipt)) {
        receipts.add(receipt);
        return receipt;
      }
    }
  }
  const conversationId = () => `AG_${nairobi(now()).day}_${crypto.randomBytes(10).toString('hex')}`;
  const requestId = () => `${crypto.randomInt(1000, 9999)}-${crypto.randomInt(1e6, 9e6)}-1`;

  function send(res: http.ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }
  const refuse = (
    res: http.ServerResponse,
    status: number,
    errorCode: string,
    errorMessage: string,
  ) => send(res, status, { requestId: requestId(), errorCode, errorMessage });

  /** POSTs one callback (twice with `duplicate`) after the delay; tracked for settled(). */
  function schedule(url: string, body: unknown, what: string) {
    const text = JSON.stringify(body);
    const delivery = new Promise<void>((resolve) => {
      setTimeout(() => {
        void (async () => {
          for (let copy = 0; copy < (opts.duplicate ? 2 : 1); copy += 1) {
            if (closed) break;
            try {
              const response = await fetch(url, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: text,
                signal: AbortSignal.timeout(10_000),
              });
              await response.arrayBuffer();
              if (!response.ok) {
                log.warn(`${what} callback to ${redactCallbackUrl(url)}: HTTP ${response.status}`);
              } else {
                log.info(`${what} callback delivered to ${redactCallbackUrl(url)}`);
              }
            } catch (error) {
              const cause = (error as Error).cause as
                { code?: string; message?: string } | undefined;
              const reason = cause?.code ?? cause?.message ?? (error as Error).name;
              log.warn(
                `${what} callback to ${redactCallbackUrl(url)} failed (${reason}); not retried`,
              );
            }
          }
          resolve();
        })();
      }, delayMs);
    });
    pending.add(delivery);
    void delivery.then(() => pending.delete(delivery));
  }

  function bearerValid(req: http.IncomingMessage): boolean {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    return expiresAt !== undefined && now() < expiresAt;
  }

  function handleOAuth(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    state.oauthCalls += 1;
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
    const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 1 || colon === decoded.length - 1) {
      return refuse(res, 400, '400.008.01', 'Invalid Authentication passed');
    }
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      return refuse(res, 400, '400.008.02', 'Invalid grant type passed');
    }
    const token = randomChars(28, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
    tokens.set(token, now() + tokenTtlS * 1000);
    // The live API sends expires_in as a string ("3599"); the portal's sample shows a number.
    send(res, 200, { access_token: token, expires_in: String(tokenTtlS) });
  }

  function b2cResultBody(tx: Transaction) {
    const base = {
      ResultType: 0,
      OriginatorConversationID: tx.originatorConversationId,
      ConversationID: tx.conversationId,
      TransactionID: tx.receipt,
      ReferenceData: {
        ReferenceItem: {
          Key: 'QueueTimeoutURL',
          Value: 'http://127.0.0.1/mpesa/b2cresults/v1/submit',
        },
      },
    };
    if (tx.outcome === 'insufficient' || tx.outcome === 'invalid_receiver') {
      const failure = FAILURES[tx.outcome];
      return { Result: { ...base, ResultCode: failure.code, ResultDesc: failure.desc } };
    }
    const name = RECEIVER_NAMES[Number(tx.partyB.slice(-1)) % RECEIVER_NAMES.length];
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: PROCESSED,
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: tx.amount },
            { Key: 'TransactionReceipt', Value: tx.receipt },
            { Key: 'ReceiverPartyPublicName', Value: `${tx.partyB} - ${name}` },
            { Key: 'TransactionCompletedDateTime', Value: nairobi(tx.at).dotted },
            { Key: 'B2CUtilityAccountAvailableFunds', Value: utilityBalance },
            { Key: 'B2CWorkingAccountAvailableFunds', Value: 1_000_000 },
            { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
            { Key: 'B2CChargesPaidAccountAvailableFunds', Value: -1980 },
          ],
        },
      },
    };
  }

  /** Derived: Safaricom publishes no sample of the queue-timeout notice. */
  function timeoutBody(tx: Transaction) {
    return {
      Result: {
        ResultType: 1,
        ResultCode: 1,
        ResultDesc: 'The service request has timed out.',
        OriginatorConversationID: tx.originatorConversationId,
        ConversationID: tx.conversationId,
      },
    };
  }

  async function handleB2C(req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
    const b = body as Record<string, unknown>;
    const invalid = (field: string) =>
      refuse(res, 400, '400.002.02', `Bad Request - Invalid ${field}`);
    if (!nonEmpty(b.OriginatorConversationID, 100)) return invalid('OriginatorConversationID');
    if (!nonEmpty(b.InitiatorName)) return invalid('InitiatorName');
    if (!nonEmpty(b.SecurityCredential, 4096)) return invalid('SecurityCredential');
    if (typeof b.CommandID !== 'string' || !COMMAND_IDS.has(b.CommandID))
      return invalid('CommandID');
    const amount = wholeAmount(b.Amount);
    if (amount === undefined) return invalid('Amount');
    const partyA = typeof b.PartyA === 'number' ? String(b.PartyA) : b.PartyA;
    if (!nonEmpty(partyA, 20)) return invalid('PartyA');
    const partyB = typeof b.PartyB === 'number' ? String(b.PartyB) : b.PartyB;
    if (typeof partyB !== 'string' || !/^254(7|1)\d{8}$/.test(partyB)) return invalid('PartyB');
    if (typeof b.Remarks !== 'string' || b.Remarks.length < 2 || b.Remarks.length > 100) {
      return invalid('Remarks');
    }
    if (
      b.Occassion !== undefined &&
      (typeof b.Occassion !== 'string' || b.Occassion.length > 100)
    ) {
      return invalid('Occassion');
    }
    if (!isHttpUrl(b.QueueTimeOutURL)) return invalid('QueueTimeOutURL');
    if (!isHttpUrl(b.ResultURL)) return invalid('ResultURL');
    const originatorConversationId = b.OriginatorConversationID;

    const failure = failures.shift();
    if (failure === 'http500') {
      log.info(`B2C ${originatorConversationId}: answered 500 (failNext)`);
      return refuse(res, 500, '500.003.1001', 'Internal Server Error');
    }
    if (failure === 'hang') {
      log.info(`B2C ${originatorConversationId}: left hanging (failNext)`);
      return; // no answer until the client gives up or close()
    }
    if (failure === 'reset') {
      log.info(`B2C ${originatorConversationId}: connection reset (failNext)`);
      req.socket.resetAndDestroy();
      return;
    }

    if (transactions.has(originatorConversationId)) {
      return refuse(res, 500, '500.002.1001', 'Duplicate OriginatorConversationID.');
    }
    const at = now();
    const tx: Transaction = {
      originatorConversationId,
      conversationId: conversationId(),
      partyA,
      partyB,
      amount,
      outcome: OUTCOME_BY_DIGIT[partyB.slice(-1)]!,
      receipt: newReceipt(),
      at,
    };
    transactions.set(originatorConversationId, tx);
    state.requests.push({
      originatorConversationId,
      partyB,
      amount,
      at: new Date(at).toISOString(),
    });
    if (tx.outcome === 'paid' || tx.outcome === 'queue_timeout') utilityBalance -= amount;
    log.info(`B2C ${originatorConversationId}: ${amount} KES to ${partyB} -> ${tx.outcome}`);

    if (tx.outcome === 'queue_timeout') schedule(b.QueueTimeOutURL, timeoutBody(tx), 'B2C timeout');
    else if (tx.outcome !== 'no_callback') schedule(b.ResultURL, b2cResultBody(tx), 'B2C result');

    if (failure === 'lost_answer') {
      log.info(`B2C ${originatorConversationId}: processed, answer lost (failNext)`);
      return refuse(res, 500, '500.003.1001', 'Internal Server Error');
    }
    send(res, 200, {
      ConversationID: tx.conversationId,
      OriginatorConversationID: originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  function statusResultBody(
    query: { originatorConversationId: string; conversationId: string },
    tx: Transaction | undefined,
  ) {
    const base = {
      ResultType: 0,
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    };
    if (!tx) {
      return {
        Result: {
          ...base,
          ResultCode: FAILURES.not_found.code,
          ResultDesc: FAILURES.not_found.desc,
          TransactionID: 'UNK0000000',
        },
      };
    }
    if (tx.outcome !== 'paid' && tx.outcome !== 'queue_timeout') {
      const failure = tx.outcome === 'no_callback' ? FAILURES.expired : FAILURES[tx.outcome];
      return {
        Result: {
          ...base,
          ResultCode: failure.code,
          ResultDesc: failure.desc,
          TransactionID: tx.receipt,
        },
      };
    }
    const times = nairobi(tx.at);
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: PROCESSED,
        TransactionID: tx.receipt,
        ResultParameters: {
          ResultParameter: [
            { Key: 'DebitPartyName', Value: `${tx.partyA} - InsightLab` },
            { Key: 'CreditPartyName', Value: `${tx.partyB} - ${RECEIVER_NAMES[0]}` },
            { Key: 'OriginatorConversationID', Value: tx.originatorConversationId },
            { Key: 'InitiatedTime', Value: times.compact },
            { Key: 'DebitAccountType', Value: 'Utility Account' },
            { Key: 'DebitPartyCharges', Value: 'Fee For B2C Payment|KES|22.40' },
            { Key: 'TransactionReason' },
            { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'FinalisedTime', Value: times.compact },
            { Key: 'Amount', Value: String(tx.amount) },
            { Key: 'ConversationID', Value: tx.conversationId },
            { Key: 'ReceiptNo', Value: tx.receipt },
          ],
        },
      },
    };
  }

  function handleStatus(res: http.ServerResponse, body: unknown) {
    const b = body as Record<string, unknown>;
    const invalid = (field: string) =>
      refuse(res, 400, '400.002.02', `Bad Request - Invalid ${field}`);
    if (!nonEmpty(b.Initiator)) return invalid('Initiator');
    if (!nonEmpty(b.SecurityCredential, 4096)) return invalid('SecurityCredential');
    if (b.CommandID !== 'TransactionStatusQuery') return invalid('CommandID');
    const partyA = typeof b.PartyA === 'number' ? String(b.PartyA) : b.PartyA;
    if (!nonEmpty(partyA, 20)) return invalid('PartyA');
    if (!nonEmpty(String(b.IdentifierType ?? ''), 2)) return invalid('IdentifierType');
    if (!isHttpUrl(b.ResultURL)) return invalid('ResultURL');
    if (!isHttpUrl(b.QueueTimeOutURL)) return invalid('QueueTimeOutURL');
    if (typeof b.Remarks !== 'string' || b.Remarks.length < 1 || b.Remarks.length > 100) {
      return invalid('Remarks');
    }
    const original = nonEmpty(b.OriginalConversationID, 100) ? b.OriginalConversationID : undefined;
    const receipt = nonEmpty(b.TransactionID, 20) ? b.TransactionID : undefined;
    if (!original && !receipt) return invalid('TransactionID');
    state.statusQueries += 1;
    const tx = original
      ? transactions.get(original)
      : [...transactions.values()].find((t) => t.receipt === receipt);
    const query = { originatorConversationId: requestId(), conversationId: conversationId() };
    log.info(`status query ${original ?? receipt}: ${tx ? tx.outcome : 'not found'}`);
    schedule(b.ResultURL, statusResultBody(query, tx), 'status result');
    send(res, 200, {
      OriginatorConversationID: query.originatorConversationId,
      ConversationID: query.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  }

  /** Reads a JSON body of at most MAX_BODY bytes; undefined when it is not a JSON object. */
  function readJson(
    req: http.IncomingMessage,
  ): Promise<Record<string, unknown> | undefined | 'too_big'> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooBig = false;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) tooBig = true;
        else chunks.push(chunk);
      });
      req.on('end', () => {
        if (tooBig) return resolve('too_big');
        try {
          const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve(
            value !== null && typeof value === 'object' && !Array.isArray(value)
              ? (value as Record<string, unknown>)
              : undefined,
          );
        } catch {
          resolve(undefined);
        }
      });
      req.on('error', () => resolve(undefined));
    });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const oauthPath = DARAJA_PATHS.oauth.split('?')[0];
      if (url.pathname === oauthPath) {
        if (req.method !== 'GET') return refuse(res, 405, '405.001', 'Method Not Allowed');
        return handleOAuth(req, res, url);
      }
      if (url.pathname === '/sim/requests' && req.method === 'GET') {
        return send(
          res,
          200,
          state.requests.map((r) => ({
            OriginatorConversationID: r.originatorConversationId,
            PartyB: r.partyB,
            Amount: r.amount,
            time: r.at,
          })),
        );
      }
      if (url.pathname !== DARAJA_PATHS.b2c && url.pathname !== DARAJA_PATHS.status) {
        return refuse(res, 404, '404.002.01', 'Resource not found');
      }
      if (req.method !== 'POST') return refuse(res, 405, '405.001', 'Method Not Allowed');
      const body = await readJson(req);
      if (!bearerValid(req)) return refuse(res, 404, '404.001.03', 'Invalid Access Token');
      if (body === 'too_big') return refuse(res, 413, '413.001', 'Request Entity Too Large');
      if (!(req.headers['content-type'] ?? '').startsWith('application/json') || !body) {
        return refuse(res, 400, '400.002.05', 'Invalid Request Payload');
      }
      if (url.pathname === DARAJA_PATHS.b2c) return handleB2C(req, res, body);
      return handleStatus(res, body);
    })().catch((error: unknown) => {
      log.warn(`simulator error: ${(error as Error).message}`);
      if (!res.headersSent) refuse(res, 500, '500.003.1001', 'Internal Server Error');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    get requests() {
      return state.requests;
    },
    get oauthCalls() {
      return state.oauthCalls;
    },
    get statusQueries() {
      return state.statusQueries;
    },
    failNext(n, how) {
      for (let i = 0; i < n; i += 1) failures.push(how);
    },
    expireTokens() {
      tokens.clear();
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...pending]);
    },
  };
}
