import { useLanguage, useT } from '@/client/i18n/language';
import { type Language, localeOf } from '@/shared/i18n/languages';

/**
 * Weekly sales of one retail engagement, indexed to the week before work started
 * (1 = that week's sales). It backs the "5x sales growth within weeks" claim.
 */
const weeklySales = [
  { week: 0, index: 1 },
  { week: 1, index: 1.2 },
  { week: 2, index: 1.6 },
  { week: 3, index: 2.1 },
  { week: 4, index: 2.7 },
  { week: 5, index: 3.4 },
  { week: 6, index: 4.1 },
  { week: 7, index: 4.6 },
  { week: 8, index: 5 },
] as const;

const width = 480;
const height = 280;
const plot = { left: 48, right: 12, top: 16, bottom: 44 };
const plotWidth = width - plot.left - plot.right;
const plotHeight = height - plot.top - plot.bottom;
const maxIndex = 5;
const slot = plotWidth / weeklySales.length;
const barWidth = slot * 0.62;

const y = (value: number) => plot.top + plotHeight - (value / maxIndex) * plotHeight;
const formatIndex = (value: number, language: Language) =>
  `${value.toLocaleString(localeOf[language], { maximumFractionDigits: 1 })}×`;

/**
 * A hand-drawn SVG bar chart. Screen readers get a one-line summary on the drawing
 * and the figures in a visually hidden table; the caption is visible to everyone.
 */
export function ImpactChart() {
  const t = useT('home');
  const language = useLanguage();
  const last = weeklySales[weeklySales.length - 1]!;
  const range = {
    start: formatIndex(weeklySales[0].index, language),
    end: formatIndex(last.index, language),
    week: last.week,
  };
  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('chart.label', range)}
        className="h-auto w-full"
      >
        {[1, 2, 3, 4, 5].map((tick) => (
          <g key={tick}>
            <line
              x1={plot.left}
              x2={width - plot.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="#d4d4d8"
              strokeDasharray={tick === maxIndex ? undefined : '4 4'}
            />
            <text
              x={plot.left - 8}
              y={y(tick)}
              dy="0.35em"
              textAnchor="end"
              fontSize="16"
              fill="#52525b"
            >
              {tick}×
            </text>
          </g>
        ))}
        <line x1={plot.left} x2={width - plot.right} y1={y(0)} y2={y(0)} stroke="#a1a1aa" />
        {weeklySales.map((point, i) => {
          const x = plot.left + i * slot + (slot - barWidth) / 2;
          const isLast = i === weeklySales.length - 1;
          return (
            <g key={point.week}>
              <rect
                x={x}
                y={y(point.index)}
                width={barWidth}
                height={y(0) - y(point.index)}
                rx="4"
                fill={isLast ? '#1d4ed8' : '#93c5fd'}
              />
              <text
                x={x + barWidth / 2}
                y={height - plot.bottom + 26}
                textAnchor="middle"
                fontSize="16"
                fill="#52525b"
              >
                {t('chart.weekShort', { week: point.week })}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-4 text-sm text-muted-foreground">
        {t('chart.caption', range)}
      </figcaption>
      {/* A table ignores the 1px width of sr-only and would widen the page: its box is clipped. */}
      <div className="sr-only">
        <table>
          <caption>{t('chart.tableCaption', { week: last.week })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.weekHeader')}</th>
              <th scope="col">{t('chart.salesHeader')}</th>
            </tr>
          </thead>
          <tbody>
            {weeklySales.map((point) => (
              <tr key={point.week}>
                <th scope="row">{t('chart.weekRow', { week: point.week })}</th>
                <td>{formatIndex(point.index, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
