export type CachedValueOptions = {
  /**
   * For this long past `ttlMs` a caller is answered the value it has at once while one load
   * runs in the background (stale while reloading), so nobody waits for a slow computation
   * after each expiry. A background load that fails drops the value: the next caller waits
   * for a load of its own and sees that one's failure (a database that is down answers 503,
   * not figures of minutes ago). 0 (the default): every caller after the TTL waits.
   */
  staleMs?: number;
  /** The clock, for tests. */
  now?: () => number;
  /** Told of a background load's failure (nobody awaits it). */
  onBackgroundError?: (error: unknown) => void;
};

/**
 * A value recomputed at most once per `ttlMs`, whatever the number of callers:
 * concurrent callers during a reload share one load (single flight). Used for
 * public answers that many visitors read and that may be a few seconds old.
 * Each instance has its own copy; `invalidate()` after a local write: a load that
 * started before it is shared with its callers but never kept.
 */
export function cachedValue<T>(
  ttlMs: number,
  load: () => Promise<T>,
  options: CachedValueOptions = {},
) {
  const { staleMs = 0, now = Date.now, onBackgroundError } = options;
  let value: { data: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  let generation = 0;

  function reload(): Promise<T> {
    if (inFlight) return inFlight;
    const started = generation;
    const loading = load()
      .then((data) => {
        if (generation === started) value = { data, at: now() };
        return data;
      })
      .catch((error: unknown) => {
        if (generation === started) value = undefined;
        throw error;
      })
      .finally(() => {
        if (inFlight === loading) inFlight = undefined;
      });
    inFlight = loading;
    return loading;
  }

  /** The value a caller may be answered now (a stale one starts its reload), if any. */
  function held(): { data: T } | undefined {
    if (!value) return undefined;
    const age = now() - value.at;
    if (age < ttlMs) return value;
    if (age < ttlMs + staleMs) {
      const stale = value;
      reload().catch((error: unknown) => onBackgroundError?.(error));
      return stale;
    }
    return undefined;
  }

  return {
    async get(): Promise<T> {
      const answer = held();
      return answer ? answer.data : reload();
    },
    /**
     * The value `get()` would answer at once, without waiting: undefined when it would have
     * to load (nothing held, or too old); a stale value starts its reload, as `get()` does.
     */
    peek(): T | undefined {
      return held()?.data;
    },
    invalidate() {
      generation += 1;
      value = undefined;
      inFlight = undefined;
    },
  };
}
