/**
 * Reliability (decisions.md section 9): completed / (completed + no-shows), null before the
 * first of either; no-shows count over the last NO_SHOW_WINDOW_DAYS, and at NO_SHOW_LIMIT
 * of them booking pauses.
 */
export function toReliability(completedCount: number, noShowCount: number, noShowLimit: number) {
  const total = completedCount + noShowCount;
  return {
    completedCount,
    noShowCount,
    reliability: total === 0 ? null : completedCount / total,
    bookingPaused: noShowCount >= noShowLimit,
  };
}

/** The start of the no-show window at `now`: no-shows before it no longer count. */
export function noShowWindowStart(now: Date, windowDays: number): Date {
  return new Date(now.getTime() - windowDays * 86_400_000);
}
