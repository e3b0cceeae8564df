import { describe, expect, it } from 'vitest';
import { slugOf, uniqueId } from './admin-screener-ids';

describe('screener ids made from their words', () => {
  it('lower-cases, drops accents and joins words with one hyphen', () => {
    expect(slugOf('Do you use M-Pesa   every week?', 'q')).toBe('do-you-use-m-pesa-every-week');
    expect(slugOf('Café à Nairobi', 'q')).toBe('cafe-a-nairobi');
  });

  it('keeps to the 40 characters the schema allows, without a hyphen at the end', () => {
    const id = slugOf('How many hours a day do you spend on your phone, roughly?', 'q');
    expect(id.length).toBeLessThanOrEqual(40);
    expect(id).toMatch(/^[a-z0-9_-]{1,40}$/);
    expect(id.endsWith('-')).toBe(false);
  });

  it('falls back when no letter or digit is left', () => {
    expect(slugOf('¿?', 'question')).toBe('question');
    expect(slugOf('', 'option')).toBe('option');
  });

  it('numbers an id already taken, within 40 characters', () => {
    expect(uniqueId('age', [])).toBe('age');
    expect(uniqueId('age', ['age', 'age-2'])).toBe('age-3');
    const long = 'a'.repeat(40);
    expect(uniqueId(long, [long])).toBe(`${'a'.repeat(38)}-2`);
  });
});
