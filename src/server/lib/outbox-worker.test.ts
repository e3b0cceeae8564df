import { describe, expect, it } from 'vitest';
import { retryDelaySeconds, safeErrorText } from './outbox-worker';

describe('safeErrorText', () => {
  it('keeps only the domain of an address and the last three digits of a phone number', () => {
    expect(safeErrorText(new Error('550 <wanjiru.kamau@example.com> refused'))).toBe(
      '550 <…@example.com> refused',
    );
    expect(safeErrorText('403 for +254712345678 and 0712345678')).toBe('403 for …678 and …678');
    // Short numbers (status codes, ports, milliseconds) stay.
    expect(safeErrorText('HTTP 503 after 10000 ms on :54321')).toBe(
      'HTTP 503 after 10000 ms on :54321',
    );
  });

  it('replaces every secret whole, the longest first, and keeps one short line', () => {
    const text = safeErrorText('key abc-secret-123 (abc-secret)\n  again', [
      'abc-secret',
      'abc-secret-123',
    ]);
    expect(text).toBe('key [redacted] ([redacted]) again');
    expect(safeErrorText('x'.repeat(900))).toHaveLength(500);
  });
});

describe('retryDelaySeconds', () => {
  it('waits 30 s, 2 min, 8 min, 32 min, ~2 h, then 6 h at most', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelaySeconds)).toEqual([
      30, 120, 480, 1920, 7680, 21600, 21600, 21600,
    ]);
  });
});
