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

describe('cachedValue with staleMs (stale while reloading)', () => {
  /** A load whose answers the test hands out one at a time. */
  function controlledLoad() {
    const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
    let calls = 0;
    return {
      load: () => {
        calls += 1;
        return new Promise<number>((resolve, reject) => pending.push({ resolve, reject }));
      },
      calls: () => calls,
      next: () => pending.shift()!,
    };
  }

  /**
   * A cache on a clock the test moves, holding 1 from its first load; `onBackgroundError`
   * as given.
   */
  async function heldCache(onBackgroundError?: (error: unknown) => void) {
    const clock = { now: 0 };
    const source = controlledLoad();
    const cache = cachedValue(5000, source.load, {
      staleMs: 60_000,
      now: () => clock.now,
      ...(onBackgroundError ? { onBackgroundError } : {}),
    });
    const first = cache.get();
    source.next().resolve(1);
    expect(await first).toBe(1);
    return { clock, source, cache };
  }

  it('after the TTL answers the value held at once while one load runs, then the new one', async () => {
    const { clock, source, cache } = await heldCache();
    clock.now = 5000;
    // The reload never answers yet: callers are not kept waiting for it, and share it.
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual([1, 1, 1]);
    expect(source.calls()).toBe(2);
    source.next().resolve(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get()).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('past TTL + staleMs a caller waits for the load', async () => {
    const { clock, source, cache } = await heldCache();
    clock.now = 65_000;
    let answered: number | undefined;
    const waiting = cache.get().then((v) => (answered = v));
    await Promise.resolve();
    expect(answered).toBeUndefined();
    source.next().resolve(2);
    await waiting;
    expect(answered).toBe(2);
  });

  it('a failed background load drops the value: the next caller waits and sees its own failure', async () => {
    const failures: unknown[] = [];
    const { clock, source, cache } = await heldCache((error) => failures.push(error));
    clock.now = 6000;
    expect(await cache.get()).toBe(1);
    source.next().reject(new Error('database down'));
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    const after = cache.get();
    source.next().reject(new Error('still down'));
    await expect(after).rejects.toThrow('still down');
  });

  it('peek() answers what get() would at once, never waits, and starts the reload of a stale value', async () => {
    const source = controlledLoad();
    const clock = { now: 0 };
    const cache = cachedValue(5000, source.load, { staleMs: 60_000, now: () => clock.now });
    expect(cache.peek()).toBeUndefined(); // nothing held: the caller must load
    expect(source.calls()).toBe(0); // and peek() did not
    const first = cache.get();
    source.next().resolve(1);
    await first;
    expect(cache.peek()).toBe(1);
    clock.now = 5000;
    expect(cache.peek()).toBe(1); // stale: held, and its reload started
    expect(source.calls()).toBe(2);
    source.next().resolve(2);
    await vi.waitFor(() => expect(cache.peek()).toBe(2));
    clock.now = 5000 + 5000 + 60_000;
    expect(cache.peek()).toBeUndefined(); // too old to answer
    cache.invalidate();
    expect(cache.peek()).toBeUndefined();
  });

  it('keeps no result of a load that started before invalidate(); the next caller loads again', async () => {
    const source = controlledLoad();
    const cache = cachedValue(5000, source.load, { staleMs: 60_000 });
    const before = cache.get();
    cache.invalidate(); // a write lands while the load runs
    const after = cache.get();
    expect(source.calls()).toBe(2);
    source.next().resolve(1); // read before the write
    source.next().resolve(2);
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.get()).toBe(2);
    expect(source.calls()).toBe(2);
  });
});
