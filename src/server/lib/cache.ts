/**
 * A value recomputed at most once per `ttlMs`, whatever the number of callers:
 * concurrent callers during a reload share one load (single flight). Used for
 * public answers that many visitors read and that may be a few seconds old.
 * Each instance has its own copy; `invalidate()` after a local write.
 */
export function cachedValue<T>(ttlMs: number, load: () => Promise<T>) {
  let value: { data: T; at: number } | undefined;
  let inFlight: Promise<T> | undefined;
  return {
    async get(): Promise<T> {
      if (value && Date.now() - value.at < ttlMs) return value.data;
      inFlight ??= load()
        .then((data) => {
          value = { data, at: Date.now() };
          return data;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
    invalidate() {
      value = undefined;
    },
  };
}
