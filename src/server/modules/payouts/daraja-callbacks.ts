import { z } from 'zod';

/**
 * What Daraja POSTs to our callback URLs, parsed into plain shapes. Every parser answers
 * undefined for a body it cannot trust (missing Result, wrong types, oversized or NUL-bearing
 * strings, arrays where objects belong) and never throws.
 *
 * Shapes, from Safaricom's B2C and Transaction Status pages:
 * `{ Result: { ResultType, ResultCode, ResultDesc, OriginatorConversationID, ConversationID,
 * TransactionID, ResultParameters: { ResultParameter: [{ Key, Value }] }, ReferenceData } }`.
 * ResultCode is documented as a string and sampled as a number; some codes are not numbers
 * at all (SFC_IC0003), so both are taken.
 */

export type B2CResult = {
  originatorConversationId: string;
  conversationId: string;
  /** Numeric ResultCode; -1 when M-Pesa sent a code that is not a number (see resultCodeText). */
  resultCode: number;
  /** ResultCode exactly as sent (e.g. "0", "2040", "SFC_IC0003"), at most 20 characters. */
  resultCodeText: string;
  resultDesc: string;
  /** TransactionReceipt. */
  receipt?: string;
  /** TransactionAmount. */
  amount?: number;
  /** ReceiverPartyPublicName ("2547… - NAME"). */
  receiverName?: string;
};

export type StatusResult = {
  resultCode: number;
  resultCodeText: string;
  resultDesc: string;
  /** ReceiptNo. */
  receipt?: string;
  /** TransactionStatus, e.g. 'Completed'. */
  transactionStatus?: string;
  /** Amount. */
  amount?: number;
  /**
   * The queried transaction's OriginatorConversationID, from ResultParameters (present when
   * M-Pesa found it). The Result's own OriginatorConversationID belongs to the query itself.
   */
  originatorConversationId?: string;
};

const MAX_DESC = 1024; // "The max length is 1024" (Transaction Status, ResultDesc)
const MAX_ID = 100;
const MAX_PARAMETERS = 50;

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) => z.string().max(max).refine(noNul);

const resultCode = z.union([
  z.number().int().min(-1_000_000_000).max(1_000_000_000),
  z.string().regex(/^[A-Za-z0-9_.-]{1,20}$/),
]);
const scalar = z.union([text(MAX_DESC), z.number().finite(), z.boolean(), z.null()]);
const parameter = z.object({ Key: text(100), Value: scalar.optional() });
const parameterList = z.object({
  // Daraja sends a single object instead of a one-item array in places (ReferenceItem).
  ResultParameter: z.union([z.array(parameter).max(MAX_PARAMETERS), parameter]).optional(),
});

const resultSchema = z.object({
  Result: z.object({
    ResultType: z.union([z.number().finite(), text(20)]).optional(),
    ResultCode: resultCode,
    ResultDesc: text(MAX_DESC),
    OriginatorConversationID: text(MAX_ID).optional(),
    ConversationID: text(MAX_ID).optional(),
    TransactionID: text(MAX_ID).optional(),
    ResultParameters: z.union([parameterList, z.literal('')]).optional(),
    // Not read; its content is M-Pesa's own bookkeeping.
    ReferenceData: z.unknown().optional(),
  }),
});
type ParsedResult = z.infer<typeof resultSchema>['Result'];

/** M-Pesa receipts: 10 upper-case letters and digits; a little slack for other formats. */
const RECEIPT = /^[A-Z0-9]{6,20}$/;

function parseResult(body: unknown): ParsedResult | undefined {
  try {
    const parsed = resultSchema.safeParse(body);
    return parsed.success ? parsed.data.Result : undefined;
  } catch {
    return undefined;
  }
}

function parameters(result: ParsedResult): Map<string, string | number | boolean | null> {
  const list = result.ResultParameters ? result.ResultParameters.ResultParameter : undefined;
  const entries = list === undefined ? [] : Array.isArray(list) ? list : [list];
  const map = new Map<string, string | number | boolean | null>();
  for (const entry of entries) {
    if (entry.Value !== undefined && !map.has(entry.Key)) map.set(entry.Key, entry.Value);
  }
  return map;
}

function codeOf(result: ParsedResult): { resultCode: number; resultCodeText: string } {
  const textCode = String(result.ResultCode);
  const numeric = /^-?\d{1,10}$/.test(textCode) ? Number(textCode) : -1;
  return { resultCode: numeric, resultCodeText: textCode };
}

/** A money amount as M-Pesa writes it (10, "300", "300.00"); INVALID when present but not one. */
const INVALID = Symbol('invalid');
function amountOf(value: unknown): number | undefined | typeof INVALID {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (typeof value === 'boolean' || !Number.isFinite(number) || number < 0 || number > 1e12) {
    return INVALID;
  }
  return number;
}

function receiptOf(value: unknown): string | undefined | typeof INVALID {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && RECEIPT.test(value) ? value : INVALID;
}

/** The B2C result (ResultURL of the payment request). */
export function parseB2CResult(body: unknown): B2CResult | undefined {
  const result = parseResult(body);
  if (!result || result.OriginatorConversationID === undefined) return undefined;
  const params = parameters(result);
  const receipt = receiptOf(params.get('TransactionReceipt'));
  const amount = amountOf(params.get('TransactionAmount'));
  if (receipt === INVALID || amount === INVALID) return undefined;
  const name = params.get('ReceiverPartyPublicName');
  return {
    originatorConversationId: result.OriginatorConversationID,
    conversationId: result.ConversationID ?? '',
    ...codeOf(result),
    resultDesc: result.ResultDesc,
    ...(receipt !== undefined && { receipt }),
    ...(amount !== undefined && { amount }),
    ...(typeof name === 'string' && name.length > 0 && { receiverName: name.slice(0, 200) }),
  };
}

/** The Transaction Status result (ResultURL of the status query). */
export function parseStatusResult(body: unknown): StatusResult | undefined {
  const result = parseResult(body);
  if (!result) return undefined;
  const params = parameters(result);
  const receipt = receiptOf(params.get('ReceiptNo'));
  const amount = amountOf(params.get('Amount'));
  if (receipt === INVALID || amount === INVALID) return undefined;
  const status = params.get('TransactionStatus');
  const queried = params.get('OriginatorConversationID');
  return {
    ...codeOf(result),
    resultDesc: result.ResultDesc,
    ...(receipt !== undefined && { receipt }),
    ...(typeof status === 'string' && status.length > 0 && { transactionStatus: status }),
    ...(amount !== undefined && { amount }),
    ...(typeof queried === 'string' &&
      queried.length > 0 &&
      queried.length <= MAX_ID && { originatorConversationId: queried }),
  };
}

/**
 * The queue-timeout notice (QueueTimeOutURL). Safaricom publishes no sample; what arrives is
 * Result-shaped. Lenient: any object is a notice (it only triggers a status query); fields of
 * the wrong type are left out.
 */
export function parseTimeout(
  body: unknown,
): { originatorConversationId?: string; resultDesc?: string } | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const result = (body as { Result?: unknown }).Result;
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return {};
  const id = (result as { OriginatorConversationID?: unknown }).OriginatorConversationID;
  const desc = (result as { ResultDesc?: unknown }).ResultDesc;
  const usable = (value: unknown, max: number): value is string =>
    typeof value === 'string' && value.length > 0 && value.length <= max && noNul(value);
  return {
    ...(usable(id, MAX_ID) && { originatorConversationId: id }),
    ...(usable(desc, MAX_DESC) && { resultDesc: desc }),
  };
}

/** Transaction statuses M-Pesa reports for a transaction that did not pay out. */
const UNPAID_STATUSES = new Set(['failed', 'declined', 'cancelled', 'canceled', 'expired']);
/**
 * Result codes that say the transaction itself failed (B2C documentation's result codes:
 * balance, limits, inactive account, unregistered receiver; 1019 expired). SFC_IC0003 ("the
 * operator does not exist") is left out: on a status query it may name the query's own party.
 */
const FAILED_CODES = new Set(['1', '2', '3', '4', '8', '11', '1019', '2040']);
/** "The transaction receipt number cannot be found by the specified OriginatorConversationID." */
const NOT_FOUND_CODES = new Set(['2032', '2033']);

/**
 * What a status result says about the money:
 * - completed: ResultCode 0, TransactionStatus Completed and a receipt: it was paid.
 * - failed: M-Pesa knows the transaction and it did not pay (a failure code or status).
 * - not_found: M-Pesa has no transaction by that id: nothing moved.
 * - unknown: anything else (the query itself failed, e.g. 2001 initiator invalid): ask again later.
 */
export function statusOutcome(
  result: StatusResult,
): 'completed' | 'failed' | 'not_found' | 'unknown' {
  const status = result.transactionStatus?.toLowerCase();
  if (result.resultCodeText === '0') {
    if (status === 'completed' && result.receipt) return 'completed';
    if (status !== undefined && UNPAID_STATUSES.has(status)) return 'failed';
    return 'unknown';
  }
  if (NOT_FOUND_CODES.has(result.resultCodeText) || /cannot be found/i.test(result.resultDesc)) {
    return 'not_found';
  }
  if (FAILED_CODES.has(result.resultCodeText)) return 'failed';
  return 'unknown';
}
