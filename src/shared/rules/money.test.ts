import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  formatKes,
  formatKesDecimal,
  roundToShillings,
  studyPayCents,
  sumCents,
  toCents,
} from './money';

/** Intl separates the symbol with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('toCents', () => {
  it('reads the decimal strings the API sends', () => {
    expect(toCents('1500.00')).toBe(150_000n);
    expect(toCents('1500')).toBe(150_000n);
    expect(toCents('1500.5')).toBe(150_050n);
    expect(toCents('0.01')).toBe(1n);
    expect(toCents('0')).toBe(0n);
    expect(toCents(' 12.34 ')).toBe(1234n);
    expect(toCents('-3.20')).toBe(-320n);
  });

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 !== 0.3 in floating point; in cents it is.
    expect(toCents('0.10') + toCents('0.20')).toBe(toCents('0.30'));
    expect(toCents('999999.99')).toBe(99_999_999n);
    expect(toCents('123456789012345.67')).toBe(12_345_678_901_234_567n);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '1,500.00', '1e3', '.5', '1.', 'NaN']) {
      expect(() => toCents(bad), bad).toThrow(RangeError);
    }
  });
});

describe('centsToDecimal', () => {
  it('writes cents back as a two-place decimal', () => {
    expect(centsToDecimal(150_050n)).toBe('1500.50');
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(centsToDecimal(0n)).toBe('0.00');
    expect(centsToDecimal(-320n)).toBe('-3.20');
  });
});

describe('studyPayCents', () => {
  it('is pay rate times duration', () => {
    expect(studyPayCents('1500.00', 2)).toBe(300_000n);
    expect(studyPayCents('0.10', 3)).toBe(30n);
    expect(studyPayCents('999999.99', 1000)).toBe(99_999_999_000n);
    expect(studyPayCents('1500.00', 0)).toBe(0n);
  });

  it('needs a whole, non-negative number of hours', () => {
    expect(() => studyPayCents('10.00', 1.5)).toThrow(RangeError);
    expect(() => studyPayCents('10.00', -1)).toThrow(RangeError);
  });
});

describe('sumCents', () => {
  it('adds exactly', () => {
    expect(sumCents([])).toBe(0n);
    expect(sumCents(Array.from({ length: 10 }, () => toCents('0.10')))).toBe(100n);
  });
});

describe('roundToShillings', () => {
  it('rounds half away from zero', () => {
    expect(roundToShillings(149n)).toBe(1n);
    expect(roundToShillings(150n)).toBe(2n);
    expect(roundToShillings(249n)).toBe(2n);
    expect(roundToShillings(-150n)).toBe(-2n);
    expect(roundToShillings(-149n)).toBe(-1n);
  });
});

describe('formatKes', () => {
  it('shows shillings in the en-KE locale without decimals', () => {
    expect(plain(formatKes(150_000n))).toBe('Ksh 1,500');
    expect(plain(formatKes(0n))).toBe('Ksh 0');
    expect(plain(formatKes(123_456_789n))).toBe('Ksh 1,234,568');
    expect(plain(formatKesDecimal('1500.50'))).toBe('Ksh 1,501');
    expect(plain(formatKesDecimal('1500.49'))).toBe('Ksh 1,500');
  });

  it('formats amounts beyond the float-safe range exactly', () => {
    expect(plain(formatKes(900_719_925_474_099_300n))).toBe('Ksh 9,007,199,254,740,993');
  });
});
