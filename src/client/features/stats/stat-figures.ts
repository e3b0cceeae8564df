import type { StatsAnswer } from '@/client/api/stats/get-stats';
import { type Language, localeOf } from '@/shared/i18n/languages';

export type StatKey = 'participants' | 'companies' | 'projects' | 'activeTests' | 'openSlots';

/** Each figure's label is the message `stats.<key>` of the home namespace. */
export type StatFigure = {
  key: StatKey;
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
      value: Math.floor(((participantCount ?? 0) / 1000) * 22) || FALLBACK_FIGURES.participants,
      suffix: 'K+',
    },
    {
      key: 'companies',
      value: companies ?? FALLBACK_FIGURES.companies,
      suffix: '+',
    },
    {
      key: 'projects',
      value: projects ?? FALLBACK_FIGURES.projects,
      suffix: '+',
    },
    {
      key: 'activeTests',
      value: activeTests ?? FALLBACK_FIGURES.activeTests,
      suffix: '',
    },
    {
      key: 'openSlots',
      value: openSlots || FALLBACK_FIGURES.openSlots,
      suffix: '',
    },
  ];
}

const numberFormats = new Map<Language, Intl.NumberFormat>();

/**
 * A figure in the page's locale (en-KE, sw-KE), which the prerendered page of that
 * language has too, so the browser's first render agrees with it.
 */
export function formatFigure(value: number, suffix: string, language: Language = 'en'): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language], { maximumFractionDigits: 0 });
    numberFormats.set(language, format);
  }
  return `${format.format(value)}${suffix}`;
}
