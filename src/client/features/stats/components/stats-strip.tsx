import { useId, useRef } from 'react';
import { useLanguage, useT } from '@/client/i18n/language';
import { clsx } from 'clsx';
import { usePublicStats } from '@/client/api/stats/get-public-stats';
import { useStudiesPostponed } from '@/client/components/layout/studies-postponed';
import { formatFigure, type StatFigure, type StatKey, statFigures } from '../stat-figures';
import { useCountUp, useSeenOnce } from '../use-count-up';

const STAT_KEYS: readonly StatKey[] = [
  'participants',
  'companies',
  'projects',
  'activeTests',
  'openSlots',
];
const figureBoxClass =
  'flex w-1/2 flex-col-reverse items-center px-2 text-center sm:w-1/3 lg:w-1/5';
const figureClass = 'text-3xl font-bold tracking-tight text-primary tabular-nums sm:text-4xl';

/** The figures whose words depend on whether participants can apply now (labelKey). */
const SAYS_IF_POSTPONED: ReadonlySet<StatKey> = new Set(['activeTests', 'openSlots']);

/**
 * A figure's words: while studies are postponed, the active tests and their open places
 * are said as waiting for studies to open (nobody can apply to them yet).
 */
function labelKey(key: StatKey, postponed: boolean | undefined) {
  if (postponed && (key === 'activeTests' || key === 'openSlots'))
    return `stats.${key}Postponed` as const;
  return `stats.${key}` as const;
}

/**
 * A figure not known yet (the prerendered page, and until the first answer or failure):
 * a bar in the figure's place, as tall as its line, so nothing moves when it arrives;
 * screen readers hear "Loading…", not a number.
 */
function PendingFigure({ statKey }: { statKey: StatKey }) {
  const t = useT('home');
  const tc = useT('common');
  // Words that depend on the setting wait for it, as the figures do.
  const held = SAYS_IF_POSTPONED.has(statKey);
  return (
    <div data-stat={statKey} data-pending="" className={figureBoxClass}>
      <dt className={clsx('mt-1 text-sm font-medium text-muted-foreground', held && 'invisible')}>
        {t(`stats.${statKey}`)}
      </dt>
      <dd className={figureClass}>
        <span
          aria-hidden="true"
          className="inline-block h-[0.8em] w-[2.5em] animate-pulse rounded-md bg-primary/10 align-[-0.05em]"
        />
        <span className="sr-only">{tc('page.loading')}</span>
      </dd>
    </div>
  );
}

function Counter({
  figure,
  run,
  postponed,
}: {
  figure: StatFigure;
  run: boolean;
  postponed: boolean | undefined;
}) {
  const t = useT('home');
  const language = useLanguage();
  const shown = useCountUp(figure.value, run);
  return (
    <div data-stat={figure.key} className={figureBoxClass}>
      <dt className="mt-1 text-sm font-medium text-muted-foreground">
        {t(labelKey(figure.key, postponed))}
      </dt>
      <dd className={figureClass}>
        {/* The moving number is for the eye; screen readers get the final figure once. */}
        <span aria-hidden="true" data-counter="">
          {formatFigure(shown, figure.suffix, language)}
        </span>
        <span className="sr-only" data-final="">
          {formatFigure(figure.value, figure.suffix, language)}
        </span>
      </dd>
    </div>
  );
}

/**
 * The live figures of the landing page (spec sections 2 and 8): GET /api/stats every
 * 30 s. Prerendered without figures (placeholders of the same size) and so until the
 * first answer; then all five real figures, or all five fallback ones when the request
 * failed or the answer is unusable, never a mix. The counters run from 0 once the strip
 * is on screen and the figures are known.
 */
export function StatsStrip({ className }: { className?: string }) {
  const t = useT('home');
  const headingId = useId();
  const stats = usePublicStats();
  const postponed = useStudiesPostponed();
  const ref = useRef<HTMLElement>(null);
  const seen = useSeenOnce(ref);
  const run = seen && !stats.isPending;
  // After a failed poll the last good figures stay (TanStack Query keeps `data`). The
  // figures wait for the setting too, which decides how two of them are said.
  const figures = stats.isPending || postponed === undefined ? null : statFigures(stats.data);

  return (
    <section ref={ref} aria-labelledby={headingId} className={clsx('border-y bg-muted', className)}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id={headingId} className="sr-only">
          {t('stats.heading')}
        </h2>
        <dl className="flex flex-wrap justify-center gap-y-8">
          {figures
            ? figures.map((figure) => (
                <Counter key={figure.key} figure={figure} run={run} postponed={postponed} />
              ))
            : STAT_KEYS.map((key) => <PendingFigure key={key} statKey={key} />)}
        </dl>
      </div>
    </section>
  );
}
