import type { Reliability } from '@/shared/schemas/sessions';

/**
 * A participant's record beside their name (decisions.md section 9): "Reliability 80% · 4
 * done, 1 no-show", or "New: no sessions yet" before the first completed or missed session.
 */
export function reliabilityText(reliability: Reliability): string {
  if (reliability.reliability === null) return 'New: no sessions yet';
  const percent = Math.round(reliability.reliability * 100);
  const noShows = `${reliability.noShowCount} ${reliability.noShowCount === 1 ? 'no-show' : 'no-shows'}`;
  return `Reliability ${percent}% · ${reliability.completedCount} done, ${noShows}`;
}
