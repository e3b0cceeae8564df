import { describe, expect, it } from 'vitest';
import { parseB2CResult, parseStatusResult, parseTimeout, statusOutcome } from './daraja-callbacks';

// Bodies shaped as Safaricom's B2C and Transaction Status pages show them.
const b2cSuccess = () => ({
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    OriginatorConversationID: 'il-5b1c0d2e',
    ConversationID: 'AG_20240706_2010364430d9bbdaf872',
    TransactionID: 'SG632NMUAB',
    ResultParameters: {
      ResultParameter: [
        { Key: 'TransactionAmount', Value: 10 },
        { Key: 'TransactionReceipt', Value: 'SG632NMUAB' },
        { Key: 'ReceiverPartyPublicName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
        { Key: 'TransactionCompletedDateTime', Value: '06.07.2024 22:48:52' },
        { Key: 'B2CUtilityAccountAvailableFunds', Value: 8959269.6 },
        { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
      ],
    },
    ReferenceData: {
      ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/x' },
    },
  },
});

const statusCompleted = () => ({
  Result: {
    ConversationID: 'AG_20180223_0000493344ae97d86f75',
    OriginatorConversationID: '3213-416199-2',
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    ResultParameters: {
      ResultParameter: [
        { Key: 'DebitPartyName', Value: '600310 - Safaricom333' },
        { Key: 'OriginatorConversationID', Value: 'il-5b1c0d2e' },
        { Key: 'TransactionReason' },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'Amount', Value: '300' },
        { Key: 'ReceiptNo', Value: 'MBN31H462N' },
      ],
    },
    ResultType: 0,
    TransactionID: 'MBN0000000',
  },
});

describe('parseB2CResult', () => {
  it('reads the documented success: code, receipt, amount, receiver', () => {
    expect(parseB2CResult(b2cSuccess())).toEqual({
      originatorConversationId: 'il-5b1c0d2e',
      conversationId: 'AG_20240706_2010364430d9bbdaf872',
      resultCode: 0,
      resultCodeText: '0',
      resultDesc: 'The service request is processed successfully.',
      receipt: 'SG632NMUAB',
      amount: 10,
      receiverName: '254705912645 - NICHOLAS JOHN SONGOK',
    });
  });

  it('reads a failure without ResultParameters, and codes sent as strings or words', () => {
    const failure = {
      Result: {
        ResultType: 0,
        ResultCode: '2001',
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: 'il-1',
        ConversationID: 'AG_1',
        TransactionID: 'SG722NMVXQ',
      },
    };
    expect(parseB2CResult(failure)).toEqual({
      originatorConversationId: 'il-1',
      conversationId: 'AG_1',
      resultCode: 2001,
      resultCodeText: '2001',
      resultDesc: 'The initiator information is invalid.',
    });
    const word = { Result: { ...failure.Result, ResultCode: 'SFC_IC0003' } };
    expect(parseB2CResult(word)).toMatchObject({ resultCode: -1, resultCodeText: 'SFC_IC0003' });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'Result'],
    ['an array', [b2cSuccess()]],
    ['no Result', { result: b2cSuccess().Result }],
    ['Result as an array', { Result: [b2cSuccess().Result] }],
    ['no ResultCode', { Result: { ...b2cSuccess().Result, ResultCode: undefined } }],
    ['ResultCode as an object', { Result: { ...b2cSuccess().Result, ResultCode: { a: 1 } } }],
    ['ResultDesc as a number', { Result: { ...b2cSuccess().Result, ResultDesc: 5 } }],
    ['a NUL byte', { Result: { ...b2cSuccess().Result, ResultDesc: 'ok\u0000' } }],
    ['a huge string', { Result: { ...b2cSuccess().Result, ResultDesc: 'x'.repeat(100_000) } }],
    [
      'a huge id',
      { Result: { ...b2cSuccess().Result, OriginatorConversationID: 'x'.repeat(5000) } },
    ],
    [
      'deeply nested junk in a parameter',
      {
        Result: {
          ...b2cSuccess().Result,
          ResultParameters: {
            ResultParameter: [{ Key: 'TransactionReceipt', Value: { a: { b: { c: [[[{}]]] } } } }],
          },
        },
      },
    ],
    [
      'too many parameters',
      {
        Result: {
          ...b2cSuccess().Result,
          ResultParameters: {
            ResultParameter: Array.from({ length: 10_000 }, (_, i) => ({ Key: `k${i}`, Value: i })),
          },
        },
      },
    ],
  ])('answers undefined, without throwing, for %s', (_name, body) => {
    expect(parseB2CResult(body)).toBeUndefined();
    expect(parseStatusResult(body)).toBeUndefined();
  });

  it('a B2C result without its OriginatorConversationID is undefined', () => {
    expect(
      parseB2CResult({ Result: { ...b2cSuccess().Result, OriginatorConversationID: undefined } }),
    ).toBeUndefined();
  });

  const withParameters = (...parameters: { Key: string; Value: unknown }[]) => ({
    Result: { ...b2cSuccess().Result, ResultParameters: { ResultParameter: parameters } },
  });
  it.each([
    ['a receipt that is not one', 'TransactionReceipt', 'ReceiptNo', "'; DROP--"],
    ['a receipt that is a number', 'TransactionReceipt', 'ReceiptNo', 1234567890],
    ['an amount that is not one', 'TransactionAmount', 'Amount', 'ten'],
    ['a negative amount', 'TransactionAmount', 'Amount', -5],
  ])('answers undefined for %s', (_name, b2cKey, statusKey, value) => {
    expect(parseB2CResult(withParameters({ Key: b2cKey, Value: value }))).toBeUndefined();
    expect(parseStatusResult(withParameters({ Key: statusKey, Value: value }))).toBeUndefined();
  });

  it('answers undefined for a deeply nested body', () => {
    let body: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i += 1) body = { Result: body };
    expect(parseB2CResult(body)).toBeUndefined();
    expect(parseStatusResult(body)).toBeUndefined();
  });
});

describe('parseStatusResult and statusOutcome', () => {
  it('reads the documented completed status: receipt, status, amount, the queried id', () => {
    const result = parseStatusResult(statusCompleted());
    expect(result).toEqual({
      resultCode: 0,
      resultCodeText: '0',
      resultDesc: 'The service request is processed successfully.',
      receipt: 'MBN31H462N',
      transactionStatus: 'Completed',
      amount: 300,
      originatorConversationId: 'il-5b1c0d2e',
    });
    expect(statusOutcome(result!)).toBe('completed');
  });

  it('completed without a receipt is not taken as paid', () => {
    const body = statusCompleted();
    body.Result.ResultParameters.ResultParameter =
      body.Result.ResultParameters.ResultParameter.filter((p) => p.Key !== 'ReceiptNo');
    expect(statusOutcome(parseStatusResult(body)!)).toBe('unknown');
  });

  it('tells failed, not found and a failed query apart', () => {
    const base = { resultCodeText: '', resultCode: 0, resultDesc: '' };
    expect(statusOutcome({ ...base, resultCodeText: '0', transactionStatus: 'Declined' })).toBe(
      'failed',
    );
    expect(statusOutcome({ ...base, resultCode: 2040, resultCodeText: '2040' })).toBe('failed');
    expect(
      statusOutcome({
        ...base,
        resultCode: 2033,
        resultCodeText: '2033',
        resultDesc:
          'The transaction receipt number cannot be found by the specified OriginatorConversationID or ConversationID.',
      }),
    ).toBe('not_found');
    expect(statusOutcome({ ...base, resultCode: 2001, resultCodeText: '2001' })).toBe('unknown');
    expect(statusOutcome({ ...base, resultCode: 17, resultCodeText: '17' })).toBe('unknown');
  });
});

describe('parseTimeout', () => {
  it('takes any object, keeping only well-typed fields', () => {
    expect(
      parseTimeout({
        Result: {
          OriginatorConversationID: 'il-9',
          ResultDesc: 'The service request has timed out.',
        },
      }),
    ).toEqual({
      originatorConversationId: 'il-9',
      resultDesc: 'The service request has timed out.',
    });
    expect(parseTimeout({})).toEqual({});
    expect(
      parseTimeout({ Result: { OriginatorConversationID: 42, ResultDesc: 'a\u0000b' } }),
    ).toEqual({});
    expect(parseTimeout({ Result: { OriginatorConversationID: 'x'.repeat(1000) } })).toEqual({});
  });

  it.each([[undefined], [null], ['text'], [[{ Result: {} }]], [7]])(
    'answers undefined for %j',
    (body) => {
      expect(parseTimeout(body)).toBeUndefined();
    },
  );
});
