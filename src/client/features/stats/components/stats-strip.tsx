import { useId, useRef } from 'react';
import { useLanguage, useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { usePublicStats } from '@/client/api/stats/get-stats';
import { formatFigure, type StatFigure, statFigures } from '../stat-figures';
import { useCountUp, useSeenOnce } from '../use-count-up';

function Counter({ figure, run }: { figure: StatFigure; run: boolean }) {
  const t = useT('home');
  const language = useLanguage();
  const shown = useCountUp(figure.value, run);
  return (
    <div
      data-stat={figure.key}
      className="flex w-1/2 flex-col-reverse items-center px-2 text-center sm:w-1/3 lg:w-1/5"
    >
      <dt className="mt-1 text-sm font-medium text-muted-foreground">{t(`stats.${figure.key}`)}</dt>
      <dd className="text-3xl font-bold tracking-tight text-primary tabular-nums sm:text-4xl">
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
 * 30 s, the fallback figures until an answer comes and when it fails. Prerendered
 * with the fallback figures; the counters run from 0 once the strip is on screen
 * and the first answer (or failure) is in.
 */
export function StatsStrip({ className }: { className?: string }) {
  const t = useT('home');
  const headingId = useId();
  const stats = usePublicStats();
  const ref = useRef<HTMLElement>(null);
  const seen = useSeenOnce(ref);
  const run = seen && !stats.isPending;
  // After a failed poll the last good figures stay (TanStack Query keeps `data`);
  // with no answer yet, or a first failure, the fallback figures are shown.
  const figures = statFigures(stats.data);

  return (
    <section ref={ref} aria-labelledby={headingId} className={cn('border-y bg-muted', className)}>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id={headingId} className="sr-only">
          {t('stats.heading')}
        </h2>
        <dl className="flex flex-wrap justify-center gap-y-8">
          {figures.map((figure) => (
            <Counter key={figure.key} figure={figure} run={run} />
          ))}
        </dl>
      </div>
    </section>
  );
}
