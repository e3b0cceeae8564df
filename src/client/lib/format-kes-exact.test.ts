import { describe, expect, it } from 'vitest';
import { formatKesExact } from './format-kes-exact';

describe('formatKesExact', () => {
  it('shows whole shillings as the console does, and cents when there are any (never rounded)', () => {
    expect(formatKesExact('3000.00')).toBe('Ksh\u00a03,000');
    expect(formatKesExact('2501.50')).toBe('Ksh\u00a02,501.50');
    expect(formatKesExact('0.05')).toBe('Ksh\u00a00.05');
    // Past a float's exact range, still to the cent.
    expect(formatKesExact('90071992547409.93')).toBe('Ksh\u00a090,071,992,547,409.93');
  });
});
