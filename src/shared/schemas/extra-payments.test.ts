import { describe, expect, it } from 'vitest';
import { extraPaymentSchema } from './extra-payments';

const schema = extraPaymentSchema(150_000);
const amountOf = (amount: unknown) => schema.safeParse({ amount, reason: 'bonus' });

describe('an extra payment’s amount (decisions.md section 11)', () => {
  it('answers the exact decimal string the database stores', () => {
    for (const [given, stored] of [
      ['500', '500.00'],
      [' 250.5 ', '250.50'],
      ['0.01', '0.01'],
      ['007', '7.00'],
      [250.5, '250.50'],
      ['150000.00', '150000.00'],
    ] as const) {
      const result = amountOf(given);
      expect(result.success && result.data.amount, String(given)).toBe(stored);
    }
  });

  it('refuses zero, negatives, a third decimal, words and one cent over the limit, each saying why', () => {
    const message = (given: unknown) => {
      const result = amountOf(given);
      return result.success ? 'accepted' : result.error.issues[0]!.message;
    };
    expect(message('0')).toBe('Amount must be more than 0');
    expect(message('0.00')).toBe('Amount must be more than 0');
    expect(message(-1)).toBe('Amount must be more than 0');
    expect(message('1.005')).toBe('Use at most 2 decimals, e.g. 250.50');
    expect(message('1e3')).toBe('Amount must be a number in Ksh, e.g. 500 or 250.50');
    expect(message('')).toBe('Enter the amount');
    expect(message(null)).toBe('Enter the amount');
    expect(message('150000.01')).toBe(
      'Amount must be at most Ksh\u00a0150,000, the payout limit per transaction',
    );
  });

  it('names the configured limit', () => {
    const result = extraPaymentSchema(1_000).safeParse({ amount: '1000.01', reason: 'bonus' });
    expect(result.success ? '' : result.error.issues[0]!.message).toBe(
      'Amount must be at most Ksh\u00a01,000, the payout limit per transaction',
    );
  });

  it('needs a note for "other" only, and refuses the completion reason', () => {
    const other = schema.safeParse({ amount: '100', reason: 'other' });
    expect(other.success ? [] : other.error.issues.map((i) => i.path.join('.'))).toEqual(['note']);
    expect(schema.safeParse({ amount: '100', reason: 'other', note: 'Airtime' }).success).toBe(
      true,
    );
    expect(schema.safeParse({ amount: '100', reason: 'completion' }).success).toBe(false);
  });
});
