import { safeErrorText } from '../../lib/outbox-worker';

/** One outbox row, as the transport needs it. */
export type SmsMessage = {
  /** The outbox id (for the log; the provider has no field to de-duplicate on). */
  id: string;
  /** E.164. */
  to: string;
  body: string;
};

export interface SmsTransport {
  /** Resolves once the provider accepted the SMS; rejects (preferably with an SmsSendError) otherwise. */
  send(message: SmsMessage): Promise<{ providerMessageId?: string }>;
}

/** A failed send, with a message safe to log and to store: never the API key, never the whole number. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    /** The provider refused this SMS or number for good: retrying gets the same answer. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export const AFRICASTALKING_LIVE_URL = 'https://api.africastalking.com/version1/messaging';
export const AFRICASTALKING_SANDBOX_URL =
  'https://api.sandbox.africastalking.com/version1/messaging';

/** The sandbox's host for the user name "sandbox" (their test accounts), the live one otherwise. */
export function africasTalkingEndpoint(username: string): string {
  return username === 'sandbox' ? AFRICASTALKING_SANDBOX_URL : AFRICASTALKING_LIVE_URL;
}

/** A request that has not answered by then is abandoned and retried later. */
const TIMEOUT_MS = 10_000;

/**
 * Africa's Talking's per-recipient status codes (their SMS "send" documentation).
 * 100 Processed, 101 Sent and 102 Queued are accepted. A refusal of the number, the
 * sender id or the recipient's own choice gets the same answer every time: permanent
 * (an admin can still retry it once the cause is fixed, e.g. SMS_FROM). The others are
 * the account's or the network's state of the moment (RiskHold, InsufficientBalance,
 * CouldNotRoute, InternalServerError, GatewayError), as is any code they add later:
 * retried with the outbox's back-off.
 */
const ACCEPTED = new Set([100, 101, 102]);
const REFUSED_FOR_GOOD: ReadonlyMap<number, string> = new Map([
  [402, 'InvalidSenderId'],
  [403, 'InvalidPhoneNumber'],
  [404, 'UnsupportedNumberType'],
  [406, 'UserInBlacklist'],
  [409, 'DoNotDisturbRejection'],
  [502, 'RejectedByGateway'],
]);

type Recipient = {
  statusCode?: number | string;
  status?: string;
  number?: string;
  messageId?: string;
  cost?: string;
};

/**
 * Africa's Talking's documented SMS API: one POST, form-encoded, per SMS, to
 * `/version1/messaging` (the sandbox's host when the user name is "sandbox"), signed with
 * the `apiKey` header. `endpoint` replaces the URL (tests: the local fake); `timeoutMs`
 * the 10 s a request may take.
 */
export function createAfricasTalkingTransport(options: {
  username: string;
  apiKey: string;
  from?: string | undefined;
  endpoint?: string;
  timeoutMs?: number;
}): SmsTransport {
  const endpoint = options.endpoint ?? africasTalkingEndpoint(options.username);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const secrets = [options.apiKey, encodeURIComponent(options.apiKey)].filter((s) => s.length >= 3);
  const failure = (text: string, permanent: boolean) =>
    new SmsSendError(safeErrorText(`Africa's Talking: ${text}`, secrets), permanent);

  return {
    async send(message) {
      const form = new URLSearchParams({
        username: options.username,
        to: message.to,
        message: message.body,
      });
      if (options.from) form.set('from', options.from);
      let response: Response;
      let text: string;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw failure(networkErrorText(error, timeoutMs), false);
      }
      if (!response.ok) {
        // 5xx and 429: their side, for now. Other 4xx (a refused key or user name, a
        // malformed request) are settings an operator fixes: retried too, within the attempts.
        throw failure(`HTTP ${response.status} ${text.slice(0, 200)}`, false);
      }
      const recipient = firstRecipient(text);
      if (!recipient) throw failure(`no recipient in the answer: ${text.slice(0, 200)}`, false);
      const code = Number(recipient.statusCode);
      if (ACCEPTED.has(code)) {
        const id = recipient.messageId;
        return id && id !== 'None' ? { providerMessageId: id.slice(0, 100) } : {};
      }
      const status = recipient.status ?? REFUSED_FOR_GOOD.get(code) ?? 'unknown status';
      throw failure(`${code} ${status}`, REFUSED_FOR_GOOD.has(code));
    },
  };
}

function firstRecipient(text: string): Recipient | undefined {
  try {
    const answer = JSON.parse(text) as { SMSMessageData?: { Recipients?: Recipient[] } };
    return answer.SMSMessageData?.Recipients?.[0];
  } catch {
    return undefined;
  }
}

function networkErrorText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return `network error${cause?.code ? ` (${cause.code})` : ''}`;
}
