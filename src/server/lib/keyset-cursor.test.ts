import { describe, expect, it } from 'vitest';
import { decodeMicroCursor, encodeMicroCursor } from './keyset-cursor';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

describe('decodeMicroCursor', () => {
  it('reads back a cursor it made, to the microsecond', () => {
    expect(decodeMicroCursor(encodeMicroCursor('2026-02-28T23:59:59.123456Z', ID))).toEqual({
      at: '2026-02-28T23:59:59.123456Z',
      id: ID,
    });
    expect(decodeMicroCursor(encodeMicroCursor('2028-02-29T00:00:00.000001Z', ID))?.at).toBe(
      '2028-02-29T00:00:00.000001Z',
    );
  });

  it('refuses a moment that does not exist (400, never a database error): 30 February, 31 April, 29 February of a common year, year 0000, hour 24', () => {
    for (const at of [
      '2025-02-30T00:00:00.000000Z',
      '2025-04-31T00:00:00.000000Z',
      '2025-02-29T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2025-01-01T24:00:00.000000Z',
      '2025-13-01T00:00:00.000000Z',
    ])
      expect(() => decodeMicroCursor(encodeMicroCursor(at, ID)), at).toThrow(
        expect.objectContaining({ statusCode: 400 }),
      );
  });
});
