import { centsToDecimal, sumCents, toCents } from '@/shared/rules/money';
import type { StatsTrends, WeeklyApplications } from '@/shared/schemas/stats';

/**
 * The numbers behind the Overview charts, kept apart from recharts so they can be
 * tested and shown as text and tables too.
 */

/**
 * Seven statuses are too many colours to tell apart: the chart stacks four groups.
 * Colours are Tailwind's 600-800 shades, each at least 3:1 against white (WCAG 1.4.11).
 */
export const applicationGroups = [
  {
    key: 'inReview',
    label: 'In review',
    statuses: ['interested', 'screening', 'selected'],
    color: '#1d4ed8',
  },
  { key: 'scheduled', label: 'Scheduled', statuses: ['scheduled'], color: '#b45309' },
  { key: 'completed', label: 'Completed', statuses: ['completed'], color: '#15803d' },
  {
    key: 'closed',
    label: 'Declined or disqualified',
    statuses: ['declined', 'disqualified'],
    color: '#52525b',
  },
] as const satisfies readonly {
  key: string;
  label: string;
  statuses: readonly Exclude<keyof WeeklyApplications, 'weekStart' | 'total'>[];
  color: string;
}[];

export type ApplicationGroupKey = (typeof applicationGroups)[number]['key'];
export type ApplicationWeek = { weekStart: string; total: number } & Record<
  ApplicationGroupKey,
  number
>;

export function applicationWeeks(trends: StatsTrends): ApplicationWeek[] {
  return trends.applicationsPerWeek.map((week) => {
    const row = { weekStart: week.weekStart, total: week.total } as ApplicationWeek;
    for (const group of applicationGroups) {
      row[group.key] = group.statuses.reduce((n, status) => n + week[status], 0);
    }
    return row;
  });
}

const shortDate = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDate = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2025-03-10" -> "10 Mar" (axis ticks). */
export const weekTick = (weekStart: string) => shortDate.format(new Date(`${weekStart}T00:00:00Z`));
/** "2025-03-10" -> "Week of 10 Mar 2025" (tables, tooltips). */
export const weekLabel = (weekStart: string) =>
  `Week of ${longDate.format(new Date(`${weekStart}T00:00:00Z`))}`;

const count = new Intl.NumberFormat('en-KE');
export const formatCount = (n: number) => count.format(n);

export const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** One sentence for a weekly series: its total and this week's figure. */
export function weeklySummary(
  values: readonly number[],
  one: string,
  many: string,
  weeks: number,
): string {
  const total = values.reduce((a, b) => a + b, 0);
  const thisWeek = values.at(-1) ?? 0;
  return `${plural(total, one, many)} in the last ${weeks} weeks, ${formatCount(thisWeek)} this week.`;
}

/** Money paid out against money still owed (pending or being processed), exact. */
export function paymentSplit(payments: StatsTrends['payments']) {
  const paid = toCents(payments.completed);
  const awaiting = sumCents([toCents(payments.pending), toCents(payments.processing)]);
  return {
    paid: centsToDecimal(paid),
    awaiting: centsToDecimal(awaiting),
    pending: payments.pending,
    processing: payments.processing,
    total: centsToDecimal(paid + awaiting),
    isEmpty: paid === 0n && awaiting === 0n,
    /** For the chart's geometry only; every figure shown is formatted from the decimals. */
    paidShare: Number(paid) / 100,
    awaitingShare: Number(awaiting) / 100,
  };
}
