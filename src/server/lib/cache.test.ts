import { describe, expect, it, vi } from 'vitest';
import { cachedValue } from './cache';

describe('cachedValue', () => {
  it('loads once for many concurrent callers and again only after the TTL', async () => {
    vi.useFakeTimers();
    try {
      let loads = 0;
      const cache = cachedValue(5000, async () => ++loads);
      expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
      vi.advanceTimersByTime(4999);
      expect(await cache.get()).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await cache.get()).toBe(2);
      cache.invalidate();
      expect(await cache.get()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const cache = cachedValue(5000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'ok';
    });
    await expect(cache.get()).rejects.toThrow('down');
    expect(await cache.get()).toBe('ok');
  });
});
