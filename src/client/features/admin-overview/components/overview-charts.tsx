import type * as React from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
} from 'recharts';
import { cn } from '@/client/lib/utils';
import { formatKesDecimal } from '@/shared/rules/money';
import type { StatsTrends } from '@/shared/schemas/stats';
import {
  applicationGroups,
  applicationWeeks,
  formatCount,
  paymentSplit,
  weekLabel,
  weeklySummary,
  weekTick,
} from './trend-series';

/*
 * The Overview charts. This module is loaded lazily (React.lazy), so recharts stays
 * out of the dashboard's first chunk. Each chart is a <figure> whose caption says
 * what it shows in words; the drawing itself is hidden from assistive technology,
 * which reads a visually hidden table of the same numbers instead.
 */

const AXIS_TEXT = { fill: '#52525b', fontSize: 12 };
const GRID = '#e4e4e7';
const CHART_HEIGHT = 240;

type HeadingLevel = 'h2' | 'h3';

function ChartFigure({
  id,
  title,
  headingLevel: Heading = 'h3',
  summary,
  className,
  children,
  table,
}: {
  id: string;
  title: string;
  headingLevel?: HeadingLevel;
  summary: React.ReactNode;
  className?: string;
  /** The drawing: hidden from screen readers, who get `table`. */
  children: React.ReactNode;
  table: React.ReactNode;
}) {
  return (
    <figure
      data-chart={id}
      className={cn(
        'min-w-0 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6',
        className,
      )}
    >
      <figcaption>
        <Heading className="text-lg font-semibold">{title}</Heading>
        <p className="mt-1 text-sm text-muted-foreground">{summary}</p>
      </figcaption>
      {children}
      {/* Plain table: the UI Table's scrolling box would be a scrollable region here. */}
      <div className="sr-only">{table}</div>
    </figure>
  );
}

function Legend({ items }: { items: readonly { label: string; color: string; value?: string }[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-2">
          <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: item.color }} />
          <span>
            {item.label}
            {item.value && <span className="ml-1 font-medium">{item.value}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ChartTooltip({
  active,
  payload,
  label,
  format = formatCount,
}: Partial<TooltipContentProps<number, string>> & { format?: (n: number) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md">
      {typeof label === 'string' && <p className="mb-1 font-medium">{weekLabel(label)}</p>}
      <ul>
        {payload.map((entry) => (
          <li key={String(entry.dataKey)} className="flex items-center gap-2">
            <span
              className="size-2.5 shrink-0 rounded-sm"
              style={{ backgroundColor: entry.color ?? entry.payload?.fill }}
            />
            {entry.name}: <span className="font-medium">{format(Number(entry.value ?? 0))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-4 rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

export function ApplicationsChart({
  trends,
  className,
}: {
  trends: StatsTrends;
  className?: string;
}) {
  const weeks = applicationWeeks(trends);
  const totals = weeks.map((w) => w.total);
  const isEmpty = totals.every((n) => n === 0);
  return (
    <ChartFigure
      id="applications-per-week"
      title="Applications per week"
      className={className}
      summary={
        isEmpty
          ? 'Applications received each week, by current status.'
          : `${weeklySummary(totals, 'application', 'applications', weeks.length)} Split by current status; in review means submitted, screening or selected.`
      }
      table={
        <table>
          <caption>Applications per week, by current status</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              {applicationGroups.map((g) => (
                <th key={g.key} scope="col">
                  {g.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{weekLabel(w.weekStart)}</th>
                {applicationGroups.map((g) => (
                  <td key={g.key}>{formatCount(w[g.key])}</td>
                ))}
                <td>{formatCount(w.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {isEmpty ? (
        <Empty>No applications in the last {weeks.length} weeks.</Empty>
      ) : (
        <div aria-hidden="true">
          <WeeklyBars weeks={weeks}>
            {applicationGroups.map((g) => (
              <Bar
                key={g.key}
                dataKey={g.key}
                name={g.label}
                stackId="status"
                fill={g.color}
                stroke="#ffffff"
                strokeWidth={1}
                isAnimationActive={false}
              />
            ))}
          </WeeklyBars>
          <Legend items={applicationGroups} />
        </div>
      )}
    </ChartFigure>
  );
}

export function ParticipantsChart({
  trends,
  className,
}: {
  trends: StatsTrends;
  className?: string;
}) {
  const weeks = trends.participantsPerWeek;
  const counts = weeks.map((w) => w.count);
  const isEmpty = counts.every((n) => n === 0);
  return (
    <ChartFigure
      id="participants-per-week"
      title="New participants per week"
      className={className}
      summary={
        isEmpty
          ? 'People who registered as participants each week.'
          : weeklySummary(counts, 'new participant', 'new participants', weeks.length)
      }
      table={
        <table>
          <caption>New participants per week</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">New participants</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{weekLabel(w.weekStart)}</th>
                <td>{formatCount(w.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {isEmpty ? (
        <Empty>No one registered in the last {weeks.length} weeks.</Empty>
      ) : (
        <div aria-hidden="true">
          <WeeklyBars weeks={weeks}>
            <Bar
              dataKey="count"
              name="New participants"
              fill="#1d4ed8"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </WeeklyBars>
        </div>
      )}
    </ChartFigure>
  );
}

const PAID = '#15803d';
const AWAITING = '#b45309';

export function PaymentsChart({
  trends,
  className,
  headingLevel,
}: {
  trends: StatsTrends;
  className?: string;
  headingLevel?: HeadingLevel;
}) {
  const split = paymentSplit(trends.payments);
  const slices = [
    { key: 'paid', name: 'Paid', value: split.paidShare, fill: PAID },
    { key: 'awaiting', name: 'Owed', value: split.awaitingShare, fill: AWAITING },
  ].filter((slice) => slice.value > 0); // an empty slice would still draw its border
  return (
    <ChartFigure
      id="money-paid"
      title="Money paid vs pending"
      headingLevel={headingLevel}
      className={className}
      summary={
        split.isEmpty
          ? 'Participant payments: paid out, and pending or processing.'
          : `${formatKesDecimal(split.paid)} paid to participants; ${formatKesDecimal(split.awaiting)} awaiting payment (pending or processing).`
      }
      table={
        <table>
          <caption>Participant payments by state, in Kenyan shillings</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Paid</th>
              <td>{formatKesDecimal(split.paid)}</td>
            </tr>
            <tr>
              <th scope="row">Pending</th>
              <td>{formatKesDecimal(split.pending)}</td>
            </tr>
            <tr>
              <th scope="row">Processing</th>
              <td>{formatKesDecimal(split.processing)}</td>
            </tr>
          </tbody>
        </table>
      }
    >
      {split.isEmpty ? (
        <Empty>No payments yet. A payment is created when an application is completed.</Empty>
      ) : (
        <div aria-hidden="true" className="flex flex-col items-center gap-4">
          <PieChart
            accessibilityLayer={false}
            responsive
            style={{ width: '100%', maxWidth: 220, height: 200, marginTop: 16 }}
          >
            <Pie
              data={slices}
              dataKey="value"
              nameKey="name"
              // Out of the tab order: the drawing is hidden from assistive technology.
              rootTabIndex={-1}
              innerRadius="58%"
              outerRadius="95%"
              // A white gap between two slices; a lone full ring would show its seam.
              stroke={slices.length > 1 ? '#ffffff' : 'none'}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Tooltip content={<ChartTooltip format={(n) => formatKesDecimal(n.toFixed(2))} />} />
          </PieChart>
          <dl className="grid w-full gap-3 text-sm">
            <div className="flex items-center gap-2">
              <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: PAID }} />
              <dt>Paid</dt>
              <dd className="ml-auto pl-4 font-semibold tabular-nums">
                {formatKesDecimal(split.paid)}
              </dd>
            </div>
            <div className="flex items-center gap-2">
              <span className="size-3 shrink-0 rounded-sm" style={{ backgroundColor: AWAITING }} />
              <dt>Owed</dt>
              <dd className="ml-auto pl-4 font-semibold tabular-nums">
                {formatKesDecimal(split.awaiting)}
              </dd>
            </div>
            <div className="flex items-center gap-2 border-t pt-2 text-muted-foreground">
              <span className="size-3 shrink-0" />
              <dt>Total</dt>
              <dd className="ml-auto pl-4 font-semibold tabular-nums text-foreground">
                {formatKesDecimal(split.total)}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </ChartFigure>
  );
}

/** The frame of a weekly bar chart: grid, week axis, count axis and tooltip around its bars. */
function WeeklyBars({ weeks, children }: { weeks: object[]; children: React.ReactNode }) {
  return (
    <BarChart
      accessibilityLayer={false}
      responsive
      style={{ width: '100%', height: CHART_HEIGHT, marginTop: 16 }}
      data={weeks}
      margin={{ top: 4, right: 4, bottom: 0, left: -16 }}
    >
      <CartesianGrid vertical={false} stroke={GRID} />
      <XAxis
        dataKey="weekStart"
        tickFormatter={weekTick}
        tick={AXIS_TEXT}
        tickLine={false}
        interval="preserveStartEnd"
        minTickGap={12}
      />
      <YAxis allowDecimals={false} tick={AXIS_TEXT} tickLine={false} axisLine={false} />
      <Tooltip cursor={{ fill: '#f4f4f5' }} content={<ChartTooltip />} />
      {children}
    </BarChart>
  );
}
