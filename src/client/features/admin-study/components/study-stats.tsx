import { NO_VALUE } from '@/client/lib/no-value';
import {
  AlertTriangleIcon,
  CoinsIcon,
  UsersIcon,
  WalletIcon,
  WalletMinimalIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/client/components/ui/card';
import { Progress } from '@/client/components/ui/progress';
import { Skeleton } from '@/client/components/ui/skeleton';
import { formatKes } from '@/shared/rules/money';
import type { Study } from '@/shared/schemas/studies';
import type { StudyFigures } from '../study-figures';

function StatCard({
  label,
  icon,
  value,
  failed = false,
  note,
  children,
}: {
  label: string;
  icon: ReactNode;
  /** Undefined while the figure is on its way, or when it could not be worked out (`failed`). */
  value: string | undefined;
  failed?: boolean;
  note?: string;
  children?: ReactNode;
}) {
  return (
    <Card className="grid content-start gap-1 p-5">
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted-foreground">
        {label}
        {icon}
      </dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">
        {value ??
          (failed ? (
            <>
              <span aria-hidden="true">{NO_VALUE}</span>
              <span className="sr-only">Not available</span>
            </>
          ) : (
            <>
              <Skeleton className="h-8 w-28" aria-hidden="true" />
              <span className="sr-only">Loading…</span>
            </>
          ))}
      </dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
      {children && <dd>{children}</dd>}
    </Card>
  );
}

const iconClass = 'size-4 text-muted-foreground';

/**
 * The four stat cards (spec section 9): Total Budget = places x pay per participant;
 * Paid Out = the study's payments marked paid (a completion's payment stays pending until
 * then); Remaining = total - paid out; Capacity = places taken
 * of the maximum. Figures that need the applications wait for them (`figures`).
 */
export function StudyStats({
  study,
  figures,
  failed,
  budgetCents,
}: {
  study: Study;
  figures: StudyFigures | undefined;
  /** The applications could not be loaded, so their figures are not known. */
  failed: boolean;
  budgetCents: bigint;
}) {
  const unavailable = figures === undefined;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Budget and capacity">
      <StatCard
        label="Total Budget"
        icon={<WalletIcon className={iconClass} aria-hidden="true" />}
        value={formatKes(budgetCents)}
        note={`${study.maxParticipants} ${study.maxParticipants === 1 ? 'place' : 'places'}`}
      />
      <StatCard
        label="Paid Out"
        failed={failed}
        icon={<CoinsIcon className={iconClass} aria-hidden="true" />}
        value={unavailable ? undefined : formatKes(figures.paidOutCents)}
        note={
          unavailable
            ? undefined
            : figures.owedCents > 0n
              ? `Payments marked paid · ${formatKes(figures.owedCents)} owed, not yet paid`
              : `Payments marked paid · ${figures.counts.completed} completed ${figures.counts.completed === 1 ? 'participant' : 'participants'}`
        }
      />
      <StatCard
        label="Remaining"
        failed={failed}
        icon={<WalletMinimalIcon className={iconClass} aria-hidden="true" />}
        value={unavailable ? undefined : formatKes(figures.remainingCents)}
        note="Total budget minus paid out"
      />
      <StatCard
        label="Capacity"
        failed={failed}
        icon={<UsersIcon className={iconClass} aria-hidden="true" />}
        value={unavailable ? undefined : `${figures.taken} / ${study.maxParticipants}`}
        note={
          unavailable
            ? undefined
            : `${figures.counts.scheduled} scheduled · ${figures.counts.completed} completed`
        }
      >
        {!unavailable && (
          <Progress
            value={figures.capacityPercent}
            aria-label={`${figures.capacityPercent}% of places taken`}
            className="mt-2"
          />
        )}
      </StatCard>
    </dl>
  );
}

/** The full-capacity warning: scheduling more people is refused until a place frees up. */
export function FullWarning({
  scheduled,
  completed,
  maxParticipants,
}: {
  scheduled: number;
  completed: number;
  maxParticipants: number;
}) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <AlertTriangleIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">This test is full.</p>
        <p className="mt-0.5">
          {maxParticipants === 1 ? 'Its only place is' : `All ${maxParticipants} places are`} taken
          ({scheduled} scheduled, {completed} completed). No one more can be scheduled unless a
          scheduled participant is declined.
        </p>
      </div>
    </div>
  );
}
