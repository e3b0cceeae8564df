/**
 * Promise.all that waits for every promise to settle before it fails: when one of a request's
 * side-by-side statements fails, the others end before the request answers, so nothing of it
 * runs on after its answer (holding a connection, or meeting the next request's faults).
 * The first failure, in the order given, is thrown.
 */
export async function settleAll<T extends readonly unknown[]>(promises: {
  readonly [K in keyof T]: Promise<T[K]>;
}): Promise<T> {
  const results = await Promise.allSettled(promises as readonly Promise<unknown>[]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
