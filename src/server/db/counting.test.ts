import { describe, expect, it } from 'vitest';
import { roughly, totalBesidePage } from './counting';

describe('roughly (an estimate as shown, decision 037)', () => {
  it('keeps two significant digits, and small numbers whole', () => {
    expect(roughly(0)).toBe(0);
    expect(roughly(7.4)).toBe(7);
    expect(roughly(99)).toBe(99);
    expect(roughly(123)).toBe(120);
    expect(roughly(4_377)).toBe(4_400);
    expect(roughly(42_841)).toBe(43_000);
    expect(roughly(265_101)).toBe(270_000);
    expect(roughly(999_999)).toBe(1_000_000);
  });
});

describe('totalBesidePage', () => {
  const later = (shown: number, more: boolean) => ({ shown, more, first: false });
  it('never lets an estimate say fewer than the page shows; an exact count stands', () => {
    expect(totalBesidePage({ value: 1, estimated: true }, later(50, true))).toEqual({
      total: 51,
      totalEstimated: true,
    });
    expect(totalBesidePage({ value: 1, estimated: true }, later(12, false)).total).toBe(12);
    expect(totalBesidePage({ value: 43_000, estimated: true }, later(50, true)).total).toBe(43_000);
    expect(totalBesidePage({ value: 7, estimated: false }, later(7, false))).toEqual({
      total: 7,
      totalEstimated: false,
    });
  });

  it('a first page with no next page is the whole list: its total is exact, even after an estimate', () => {
    for (const shown of [0, 3, 50])
      expect(
        totalBesidePage({ value: 20, estimated: true }, { shown, more: false, first: true }),
      ).toEqual({ total: shown, totalEstimated: false });
    // With a next page, the estimate stands.
    expect(
      totalBesidePage({ value: 20, estimated: true }, { shown: 50, more: true, first: true }),
    ).toEqual({ total: 51, totalEstimated: true });
  });
});
