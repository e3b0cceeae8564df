import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { loggableError } from '../../lib/db-errors';
import { cachedValue } from '../../lib/cache';
import type { Stats, StatsTrends } from '../../../shared/schemas/stats';
import { selectFigures, selectTrends } from './stats.repo';

type Figures = Required<Stats>;

/** Any number of visitors costs at most one database round trip per this many ms (per instance). */
export const STATS_TTL_MS = 5000;
/**
 * For this long past the TTL a request is answered the figures held while one reload runs:
 * counting a million participants (0.1-0.3 s) and the weekly series (about 1 s) is nobody's
 * wait. A reload that fails drops them, so a database that is down still answers 503
 * (decisions.md section 7) once the figures held are spent, never figures of minutes ago.
 */
export const STATS_STALE_MS = 60_000;
/** The business runs on Nairobi time: a week starts on Monday 00:00 there. */
export const TRENDS_TIME_ZONE = 'Africa/Nairobi';
/** How many weeks the trend charts cover, the current one included. */
export const TRENDS_WEEKS = 12;

const NO_FIGURES = {
  participantCount: 0,
  companiesServed: 0,
  projectsCompleted: 0,
  activeTests: 0,
  totalParticipantsNeeded: 0,
  totalEarnings: '0.00',
};

/** What visitors may see of the figures. */
function publicStats(figures: Figures): Stats {
  return {
    participantCount: figures.participantCount,
    companiesServed: figures.companiesServed,
    productsOptimized: figures.productsOptimized,
    activeTests: figures.activeTests,
    totalParticipantsNeeded: figures.totalParticipantsNeeded,
  };
}

export function createStatsService({
  db,
  log,
  now,
}: {
  db: Db;
  log?: FastifyBaseLogger;
  /** The caches' clock, for tests. */
  now?: () => number;
}) {
  /** Every figure, read now. Products optimised are the completed projects (decisions.md section 3). */
  async function compute(): Promise<Figures> {
    // A SELECT without FROM answers one row; the fallback only satisfies the type.
    const row = (await selectFigures(db)) ?? NO_FIGURES;
    return { ...row, productsOptimized: row.projectsCompleted };
  }
  const computeTrends = (now: Date): Promise<StatsTrends> =>
    selectTrends(db, { now, timeZone: TRENDS_TIME_ZONE, weeks: TRENDS_WEEKS });

  const options = {
    staleMs: STATS_STALE_MS,
    ...(now ? { now } : {}),
    onBackgroundError: (error: unknown) =>
      log?.warn({ err: loggableError(error) }, 'statistics reload failed'),
  };
  const figures = cachedValue(STATS_TTL_MS, compute, options);
  // Kept serialised: the hot path sends bytes without mapping or validating again. Not stale
  // itself: its reload is a stringify of the figures, which answer at once while they reload.
  const publicBody = cachedValue(
    STATS_TTL_MS,
    async () => JSON.stringify(publicStats(await figures.get())),
    now ? { now } : {},
  );
  // Shared by every admin of this instance for a few seconds.
  const trends = cachedValue(
    STATS_TTL_MS,
    () => computeTrends(new Date(now?.() ?? Date.now())),
    options,
  );

  return {
    compute,
    computeTrends,
    /** Every figure for admins, at most STATS_TTL_MS old (or one reload, within STATS_STALE_MS). */
    adminFigures: () => figures.get(),
    /** The public figures as JSON text, at most STATS_TTL_MS old (or one reload, within STATS_STALE_MS). */
    publicJson: () => publicBody.get(),
    /** The public figures' JSON if held now (publicJson would answer at once), else undefined. */
    heldPublicJson: () => publicBody.peek(),
    /** The charts' weekly series, at most STATS_TTL_MS old (or one reload, within STATS_STALE_MS). */
    trends: () => trends.get(),
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
