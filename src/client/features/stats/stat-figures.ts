import type { StatsAnswer } from '@/client/api/stats/get-stats';

export type StatKey = 'participants' | 'companies' | 'projects' | 'activeTests' | 'openSlots';

export type StatFigure = {
  key: StatKey;
  label: string;
  /** The number the counter ends on. */
  value: number;
  suffix: string;
};

/** Spec section 8: what the strip shows when the stats fail or come back empty. */
export const FALLBACK_FIGURES: Record<StatKey, number> = {
  participants: 22,
  companies: 23,
  projects: 89,
  activeTests: 3,
  openSlots: 79,
};

function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The five figures of the stats strip, following spec section 8 literally:
 * participants are shown as floor(participantCount / 1000 * 22) with the suffix
 * "K+", and 22 when that comes to 0 (a missing, zero or small count: "0K+"
 * would undersell the community the spec's fallback describes); open slots are 79 when
 * totalParticipantsNeeded is missing or 0; any other missing figure takes its
 * fallback. A real 0 is shown as 0 for companies, projects and active tests.
 */
export function statFigures(stats: StatsAnswer | undefined): StatFigure[] {
  const participantCount = countOf(stats?.participantCount);
  const companies = countOf(stats?.companiesServed);
  const projects = countOf(stats?.productsOptimized);
  const activeTests = countOf(stats?.activeTests);
  const openSlots = countOf(stats?.totalParticipantsNeeded);
  return [
    {
      key: 'participants',
      label: 'Research participants',
      value: Math.floor(((participantCount ?? 0) / 1000) * 22) || FALLBACK_FIGURES.participants,
      suffix: 'K+',
    },
    {
      key: 'companies',
      label: 'Companies served',
      value: companies ?? FALLBACK_FIGURES.companies,
      suffix: '+',
    },
    {
      key: 'projects',
      label: 'Products optimized',
      value: projects ?? FALLBACK_FIGURES.projects,
      suffix: '+',
    },
    {
      key: 'activeTests',
      label: 'Active tests',
      value: activeTests ?? FALLBACK_FIGURES.activeTests,
      suffix: '',
    },
    {
      key: 'openSlots',
      label: 'Open slots',
      value: openSlots || FALLBACK_FIGURES.openSlots,
      suffix: '',
    },
  ];
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A fixed locale, so the prerendered text and the browser's first render agree. */
export function formatFigure(value: number, suffix: string): string {
  return `${numberFormat.format(value)}${suffix}`;
}
