import { describe, expect, it } from 'vitest';
import { LocalCounters } from './rate-limit';

describe('the in-process counters (used without Redis or while it does not answer)', () => {
  it('counts within a fixed window and starts again when it ends', () => {
    let now = 1_000;
    const counters = new LocalCounters(() => now);
    expect(counters.incr('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 10_000;
    expect(counters.incr('k', 60_000)).toEqual({ current: 2, ttl: 50_000 });
    expect(counters.incr('other', 60_000).current).toBe(1);
    now += 50_000;
    expect(counters.incr('k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('stays bounded: expired windows are pruned, then the oldest live ones', () => {
    let now = 0;
    const counters = new LocalCounters(() => now, 3);
    counters.incr('a', 1_000);
    counters.incr('b', 1_000);
    now = 2_000;
    counters.incr('c', 1_000);
    counters.incr('d', 1_000); // prunes a and b (expired)
    counters.incr('e', 1_000);
    counters.incr('f', 1_000); // full of live windows: drops the oldest (c)
    expect(counters.incr('d', 1_000).current).toBe(2);
    expect(counters.incr('c', 1_000).current).toBe(1);
  });
});
