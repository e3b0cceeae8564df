import type { StatsAnswer } from '@/client/api/stats/get-public-stats';
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

/** The fallback set (spec section 8): shown whole when the stats fail or come back unusable. */
export function fallbackFigures(): StatFigure[] {
  return [
    { key: 'participants', value: FALLBACK_FIGURES.participants, suffix: 'K+' },
    { key: 'companies', value: FALLBACK_FIGURES.companies, suffix: '+' },
    { key: 'projects', value: FALLBACK_FIGURES.projects, suffix: '+' },
    { key: 'activeTests', value: FALLBACK_FIGURES.activeTests, suffix: '' },
    { key: 'openSlots', value: FALLBACK_FIGURES.openSlots, suffix: '' },
  ];
}

/**
 * The five real figures of an answer, or null when the answer lacks any of them (an
 * empty or malformed answer counts as a failure: the caller shows the fallback set, never
 * a fallback beside a real figure). Participants follow spec section 8:
 * floor(participantCount / 1000 * 22) with the suffix "K+"; when that comes to 0 (a young
 * panel), the real count itself. Every other figure is shown as it is, 0 included
 * (decision 012).
 */
export function realFigures(stats: StatsAnswer | undefined): StatFigure[] | null {
  const participantCount = countOf(stats?.participantCount);
  const companies = countOf(stats?.companiesServed);
  const projects = countOf(stats?.productsOptimized);
  const activeTests = countOf(stats?.activeTests);
  const openSlots = countOf(stats?.totalParticipantsNeeded);
  if (
    participantCount === undefined ||
    companies === undefined ||
    projects === undefined ||
    activeTests === undefined ||
    openSlots === undefined
  ) {
    return null;
  }
  const thousands = Math.floor((participantCount / 1000) * 22);
  return [
    thousands > 0
      ? { key: 'participants', value: thousands, suffix: 'K+' }
      : { key: 'participants', value: participantCount, suffix: '' },
    { key: 'companies', value: companies, suffix: '+' },
    { key: 'projects', value: projects, suffix: '+' },
    { key: 'activeTests', value: activeTests, suffix: '' },
    { key: 'openSlots', value: openSlots, suffix: '' },
  ];
}

/** What the strip shows for an answer: all real figures, or all fallback ones. */
export function statFigures(stats: StatsAnswer | undefined): StatFigure[] {
  return realFigures(stats) ?? fallbackFigures();
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
