import type { MpesaConfig } from '../../config';
import { isKenyanMobile } from '../../../shared/phone';
import { safeErrorText } from '../../lib/outbox-worker';

/**
 * Safaricom Daraja, as its portal documents it (developer.safaricom.co.ke/apis: Authorization,
 * BusinessToCustomer, TransactionStatus):
 * - OAuth: GET /oauth/v1/generate?grant_type=client_credentials with Basic key:secret ->
 *   `{ access_token, expires_in }` (3599 s; the live API sends expires_in as a string).
 * - B2C v3: POST /mpesa/b2c/v3/paymentrequest with our OriginatorConversationID (v3 is the
 *   version the portal documents; v1 had no OriginatorConversationID) -> the acknowledgement
 *   `{ ConversationID, OriginatorConversationID, ResponseCode: "0", ResponseDescription }`;
 *   the outcome arrives later on ResultURL (or QueueTimeOutURL).
 * - Transaction Status: POST /mpesa/transactionstatus/v1/query by OriginalConversationID,
 *   acknowledged the same way; its answer arrives on its own ResultURL.
 * - Gateway refusals: `{ requestId, errorCode, errorMessage }` with an HTTP status that the
 *   errorCode starts with (404.001.03 Invalid Access Token, 400.002.02 Bad Request - Invalid X,
 *   500.002.1001 Duplicate OriginatorConversationID, 500.003.02 Spike Arrest Violation ...).
 */
export const DARAJA_PATHS = {
  oauth: '/oauth/v1/generate?grant_type=client_credentials',
  b2c: '/mpesa/b2c/v3/paymentrequest',
  status: '/mpesa/transactionstatus/v1/query',
} as const;

export type DarajaAnswer =
  | { kind: 'accepted'; conversationId: string; originatorConversationId: string }
  // The provider refused the request for certain (ResponseCode != '0', or a 4xx with an errorCode
  // other than an expired/invalid token): nothing moved.
  | { kind: 'rejected'; code: string; description: string }
  // Network error, our timeout, 5xx, unparseable answer: the outcome is UNKNOWN (money may have moved).
  | { kind: 'unknown'; error: string }
  // Certainly not sent (no access token could be had, the connection was refused, the gateway's
  // rate limit refused it): nothing moved, and trying again later is safe.
  | { kind: 'not_sent'; error: string };

export type DarajaB2CRequest = {
  originatorConversationId: string;
  /** E.164 +2547XXXXXXXX or +2541XXXXXXXX; sent as 2547… */
  phone: string;
  /** Whole KES. */
  amount: number;
  remarks: string;
  occasion?: string;
  resultUrl: string;
  timeoutUrl: string;
};

export type DarajaStatusRequest = {
  /** The OriginatorConversationID of the B2C request whose fate is asked. */
  originatorConversationId: string;
  remarks: string;
  resultUrl: string;
  timeoutUrl: string;
};

export type DarajaClient = {
  sendB2C(req: DarajaB2CRequest): Promise<DarajaAnswer>;
  /** Transaction Status by OriginatorConversationID; the real answer comes to resultUrl (or timeoutUrl). */
  queryStatus(req: DarajaStatusRequest): Promise<DarajaAnswer>;
};

/** Pino's logger fits (obj first, message second). */
export type DarajaLog = {
  warn: (obj: object, msg?: string) => void;
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type DarajaClientOptions = {
  log: DarajaLog;
  fetch?: typeof fetch;
  now?: () => number;
  /** Per request (the token's included), default 30000. */
  requestTimeoutMs?: number;
};

/** Daraja's limits on the free-text fields (B2C documentation: Remarks 2-100, Occassion 1-100). */
const REMARKS_MAX = 100;
const OCCASION_MAX = 100;

/** The gateway's "invalid or expired access token" errorCodes (they differ per API page). */
const TOKEN_REFUSED_CODES = new Set(['404.001.03', '401.002.01', '400.003.01']);
const DUPLICATE_CODE = '500.002.1001';

/**
 * A callback URL fit for a log line: origin and path without the last segment, which is the
 * per-attempt token (`https://host/api/payouts/mpesa/result/…`).
 */
export function redactCallbackUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.replace(/\/[^/]*$/, '');
    return `${parsed.origin}${path}/…`;
  } catch {
    return '(not a URL)';
  }
}

/** Remarks and Occassion as Daraja takes them: one line, no control characters, within its limit. */
function freeText(value: string, max: number): string {
  return value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

type Json = Record<string, unknown>;

function parseJsonObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Json)
      : undefined;
  } catch {
    return undefined;
  }
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** Network error codes raised before a byte of the request left this machine. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

function errorCodes(error: unknown): string[] {
  const cause = error instanceof Error ? (error.cause as unknown) : undefined;
  if (!cause || typeof cause !== 'object') return [];
  const nested = (cause as { errors?: unknown }).errors;
  if (Array.isArray(nested) && nested.length > 0) {
    return nested.map((e) => String((e as { code?: unknown } | null)?.code ?? ''));
  }
  return [String((cause as { code?: unknown }).code ?? '')];
}

/** fetch() failed because no connection could be made at all (refused, name not resolved). */
function neverConnected(error: unknown): boolean {
  const codes = errorCodes(error);
  return codes.length > 0 && codes.every((code) => NEVER_CONNECTED.has(code));
}

function networkErrorText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const codes = errorCodes(error).filter(Boolean);
  return `network error${codes.length > 0 ? ` (${[...new Set(codes)].join(', ')})` : ''}`;
}

class TokenError extends Error {}

/**
 * The Daraja adapter: an OAuth token cached until shortly before it expires (one request
 * shared by concurrent callers: Daraja says each new token invalidates the previous one),
 * the B2C request and the Transaction Status query, each answered as a DarajaAnswer.
 * It never throws for what the provider or the network does, and never logs or answers a
 * secret (consumer key/secret, security credential, token, callback URL tokens).
 */
export function createDarajaClient(config: MpesaConfig, opts: DarajaClientOptions): DarajaClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.requestTimeoutMs ?? 30_000;
  const log = opts.log;
  const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
  const fixedSecrets = [
    config.consumerKey,
    config.consumerSecret,
    config.securityCredential,
    basic,
  ].filter((s) => s.length >= 3);

  let cached: { token: string; refreshAt: number } | undefined;
  let inflight: Promise<string> | undefined;
  /** Tokens seen lately, redacted from any text we pass on. */
  const recentTokens: string[] = [];

  const safe = (text: unknown, extra: readonly string[] = []) =>
    safeErrorText(text, [...fixedSecrets, ...recentTokens, ...extra]);

  async function fetchToken(): Promise<string> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${DARAJA_PATHS.oauth}`, {
        method: 'GET',
        headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new TokenError(`OAuth: ${networkErrorText(error, timeoutMs)}`);
    }
    const json = parseJsonObject(text);
    if (!response.ok) {
      const code = str(json?.errorCode) ?? '';
      const message = str(json?.errorMessage) ?? '';
      throw new TokenError(safe(`OAuth: HTTP ${response.status} ${code} ${message}`));
    }
    const token = json?.access_token;
    const expiresIn = Number(str(json?.expires_in));
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) {
      throw new TokenError('OAuth: the answer has no access_token');
    }
    if (!Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new TokenError('OAuth: the answer has no usable expires_in');
    }
    // Refreshed a little before Daraja's clock says it expires (a minute, or a tenth of a short life).
    const marginS = Math.min(60, expiresIn / 10);
    cached = { token, refreshAt: now() + (expiresIn - marginS) * 1000 };
    recentTokens.unshift(token);
    recentTokens.length = Math.min(recentTokens.length, 3);
    return token;
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
    inflight ??= fetchToken().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  /**
   * One POST to Daraja, its answer mapped to a DarajaAnswer. A refused token drops the cache
   * and the request is made once more with a new token: the gateway refused it before M-Pesa
   * saw it, so nothing can have moved.
   */
  async function post(
    what: 'B2C' | 'status query',
    path: string,
    body: Json,
    urlTokens: string[],
  ): Promise<DarajaAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      let bearer: string;
      try {
        bearer = await accessToken();
      } catch (error) {
        // No token: the request itself was never sent.
        return { kind: 'not_sent', error: safe(`no access token: ${(error as Error).message}`) };
      }
      let response: Response;
      let text: string;
      try {
        response = await doFetch(`${base}${path}`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${bearer}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // Refused before connecting: nothing left this machine. Anything later (a reset, our
        // timeout, a body cut short) may have reached M-Pesa: unknown.
        const reason = networkErrorText(error, timeoutMs);
        return neverConnected(error)
          ? { kind: 'not_sent', error: `${what}: ${reason}` }
          : { kind: 'unknown', error: `${what}: ${reason}` };
      }
      const json = parseJsonObject(text);
      const errorCode = str(json?.errorCode);
      const errorMessage = str(json?.errorMessage) ?? '';
      const describe = (detail: string) => safe(`${what}: ${detail}`, urlTokens);

      const tokenRefused =
        response.status === 401 ||
        (errorCode !== undefined && TOKEN_REFUSED_CODES.has(errorCode)) ||
        /invalid access token/i.test(errorMessage);
      if (tokenRefused) {
        if (cached?.token === bearer) cached = undefined;
        if (attempt === 1) continue;
        // Refused twice at the gateway: not sent to M-Pesa, and worth trying later.
        return {
          kind: 'not_sent',
          error: describe(`the access token was refused twice (${errorCode ?? response.status})`),
        };
      }

      // A duplicate OriginatorConversationID means Daraja already has a request with this id:
      // its fate is that request's, which only a status query tells.
      const responseDescription = str(json?.ResponseDescription) ?? '';
      if (
        errorCode === DUPLICATE_CODE ||
        /duplicate originatorconversationid/i.test(`${errorMessage} ${responseDescription}`)
      ) {
        return { kind: 'unknown', error: describe('Duplicate OriginatorConversationID') };
      }

      if (response.ok) {
        const responseCode = str(json?.ResponseCode);
        if (responseCode === '0') {
          return {
            kind: 'accepted',
            conversationId: (str(json?.ConversationID) ?? '').slice(0, 100),
            originatorConversationId: (
              str(json?.OriginatorConversationID) ??
              str(body.OriginatorConversationID) ??
              ''
            ).slice(0, 100),
          };
        }
        // A non-zero ResponseCode: the submission was refused ("any other code means an error
        // occurred"), so nothing was queued.
        if (responseCode !== undefined) {
          return {
            kind: 'rejected',
            code: safe(responseCode).slice(0, 20),
            description: describe(responseDescription || 'refused without a description'),
          };
        }
        return { kind: 'unknown', error: describe(`HTTP ${response.status} without ResponseCode`) };
      }

      const detail = `HTTP ${response.status}${errorCode ? ` ${errorCode}` : ''}${
        errorMessage ? ` ${errorMessage}` : ''
      }`;
      // 429: the gateway's rate limit refused it before M-Pesa: try later.
      if (response.status === 429) return { kind: 'not_sent', error: describe(detail) };
      // 408 (a proxy gave up waiting) may have forwarded it; 5xx may have been processed.
      if (response.status === 408 || response.status >= 500) {
        return { kind: 'unknown', error: describe(detail) };
      }
      // Any other 4xx: the gateway refused the request (bad payload, wrong path, no permission);
      // a 3xx (not followed: a POST is never re-sent elsewhere) is a wrong MPESA_BASE_URL.
      return {
        kind: 'rejected',
        code: safe(errorCode ?? `HTTP ${response.status}`).slice(0, 20),
        description: describe(errorMessage || text.slice(0, 200) || `HTTP ${response.status}`),
      };
    }
  }

  function lastSegment(url: string): string[] {
    try {
      const segment = new URL(url).pathname.split('/').pop() ?? '';
      return segment.length >= 8 ? [segment] : [];
    } catch {
      return [];
    }
  }

  function logAnswer(
    what: 'B2C' | 'status query',
    originatorConversationId: string,
    resultUrl: string,
    answer: DarajaAnswer,
  ): DarajaAnswer {
    const context = {
      originatorConversationId,
      resultUrl: redactCallbackUrl(resultUrl),
      answer: answer.kind,
    };
    if (answer.kind === 'accepted') {
      log.info(
        { ...context, conversationId: answer.conversationId },
        `M-Pesa ${what} accepted by Daraja`,
      );
    } else if (answer.kind === 'rejected') {
      log.warn(
        { ...context, code: answer.code, description: answer.description },
        `M-Pesa ${what} refused by Daraja`,
      );
    } else {
      log.warn({ ...context, error: answer.error }, `M-Pesa ${what}: ${answer.kind}`);
    }
    return answer;
  }

  return {
    async sendB2C(req) {
      const partyB = req.phone.replace(/^\+/, '');
      const remarks = freeText(req.remarks, REMARKS_MAX);
      const occasion = req.occasion === undefined ? '' : freeText(req.occasion, OCCASION_MAX);
      // Our own mistakes are refused here, before anything is sent (certain: nothing moved).
      // Kenyan mobile numbers (07xx and 01xx) are the only ones B2C pays.
      if (!isKenyanMobile(`+${partyB}`)) {
        return logAnswer('B2C', req.originatorConversationId, req.resultUrl, {
          kind: 'rejected',
          code: 'invalid_request',
          description: 'The number is not a Kenyan mobile number (2547… or 2541…)',
        });
      }
      if (!Number.isSafeInteger(req.amount) || req.amount < 1) {
        return logAnswer('B2C', req.originatorConversationId, req.resultUrl, {
          kind: 'rejected',
          code: 'invalid_request',
          description: 'The amount is not a whole number of shillings above zero',
        });
      }
      const body: Json = {
        OriginatorConversationID: req.originatorConversationId,
        InitiatorName: config.initiatorName,
        SecurityCredential: config.securityCredential,
        CommandID: config.commandId,
        Amount: req.amount,
        PartyA: config.shortcode,
        PartyB: partyB,
        Remarks: remarks.length >= 2 ? remarks : 'Payment',
        QueueTimeOutURL: req.timeoutUrl,
        ResultURL: req.resultUrl,
      };
      // Daraja's own spelling of the field.
      if (occasion.length > 0) body.Occassion = occasion;
      const answer = await post('B2C', DARAJA_PATHS.b2c, body, [
        ...lastSegment(req.resultUrl),
        ...lastSegment(req.timeoutUrl),
      ]);
      return logAnswer('B2C', req.originatorConversationId, req.resultUrl, answer);
    },

    async queryStatus(req) {
      const remarks = freeText(req.remarks, REMARKS_MAX);
      // TransactionID (the receipt) is left out: we ask by the id we chose, which we always have.
      const body: Json = {
        Initiator: config.initiatorName,
        SecurityCredential: config.securityCredential,
        CommandID: 'TransactionStatusQuery',
        OriginalConversationID: req.originatorConversationId,
        PartyA: config.shortcode,
        // 4: an organisation shortcode.
        IdentifierType: '4',
        ResultURL: req.resultUrl,
        QueueTimeOutURL: req.timeoutUrl,
        Remarks: remarks.length >= 2 ? remarks : 'Status',
        Occasion: 'Payout status',
      };
      const answer = await post('status query', DARAJA_PATHS.status, body, [
        ...lastSegment(req.resultUrl),
        ...lastSegment(req.timeoutUrl),
      ]);
      return logAnswer('status query', req.originatorConversationId, req.resultUrl, answer);
    },
  };
}
