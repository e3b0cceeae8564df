import { describe, expect, it } from 'vitest';
import { canonicalCounty, isWholeCountyName } from './county-name';

describe('a county as typed', () => {
  it("takes the First Schedule's spelling whatever the case, spaces, hyphens or apostrophes", () => {
    expect(canonicalCounty('kisumu')).toBe('Kisumu');
    expect(canonicalCounty('Muranga')).toBe("Murang'a");
    expect(canonicalCounty(' tharaka nithi ')).toBe('Tharaka-Nithi');
    expect(canonicalCounty('HOMA-BAY')).toBe('Homa Bay');
  });

  it('keeps anything else as typed, so the form refuses it; a part of a name is not whole', () => {
    expect(canonicalCounty(' Kisumo ')).toBe('Kisumo');
    expect(isWholeCountyName('Kisi')).toBe(false);
    expect(isWholeCountyName('kisii')).toBe(true);
    expect(isWholeCountyName('')).toBe(false);
  });
});
