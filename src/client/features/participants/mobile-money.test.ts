import { describe, expect, it } from 'vitest';
import { withExclusiveNone } from './mobile-money';

describe('withExclusiveNone', () => {
  it('keeps only "none" when it is ticked beside services', () => {
    expect(withExclusiveNone(['mpesa', 'equitel'], ['mpesa', 'equitel', 'none'])).toEqual(['none']);
  });

  it('drops "none" when a service is ticked after it', () => {
    expect(withExclusiveNone(['none'], ['none', 'mpesa'])).toEqual(['mpesa']);
  });

  it('leaves lists without "none", or with it alone, as they are', () => {
    expect(withExclusiveNone(['mpesa'], ['mpesa', 'airtel_money'])).toEqual([
      'mpesa',
      'airtel_money',
    ]);
    expect(withExclusiveNone([], ['none'])).toEqual(['none']);
    expect(withExclusiveNone(['none'], [])).toEqual([]);
  });
});
