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
  it('never lets an estimate say fewer than the page shows; an exact count stands', () => {
    expect(totalBesidePage({ value: 1, estimated: true }, 50, true)).toBe(51);
    expect(totalBesidePage({ value: 1, estimated: true }, 12, false)).toBe(12);
    expect(totalBesidePage({ value: 43_000, estimated: true }, 50, true)).toBe(43_000);
    expect(totalBesidePage({ value: 7, estimated: false }, 7, false)).toBe(7);
  });
});
