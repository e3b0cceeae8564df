import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** One labelled value of a record's card; `wide` takes the card's full width. */
export type CardField = { label: string; value: ReactNode; wide?: boolean };

/**
 * Below the sm breakpoint: one card per record instead of a table row (CardsOrTable's
 * `cards`), so a phone shows every value and the record's actions without sideways
 * scrolling. The card says who or what (`heading`), a badge beside it, the labelled
 * values, then the actions under a rule.
 */
export function AdminRecordCards<T>({
  items,
  label,
  busy = false,
  keyOf,
  dataAttribute,
  heading,
  badge,
  fields,
  actions,
}: {
  items: readonly T[];
  /** Names the list for screen readers. */
  label: string;
  busy?: boolean;
  keyOf: (item: T) => string;
  /** e.g. `data-request-id`, set to the record's key, as the table rows have it. */
  dataAttribute?: `data-${string}`;
  heading: (item: T) => ReactNode;
  badge?: (item: T) => ReactNode;
  fields: (item: T) => readonly (CardField | false | null | undefined)[];
  actions?: (item: T) => ReactNode;
}) {
  return (
    <ul className="grid gap-3 sm:hidden" aria-label={label} aria-busy={busy || undefined}>
      {items.map((item) => {
        const key = keyOf(item);
        const shown = fields(item).filter((f): f is CardField => Boolean(f));
        const action = actions?.(item);
        return (
          <li
            key={key}
            {...(dataAttribute ? { [dataAttribute]: key } : {})}
            className="min-w-0 rounded-lg border p-4"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 wrap-anywhere">{heading(item)}</div>
              {badge && <div className="shrink-0">{badge(item)}</div>}
            </div>
            {shown.length > 0 && (
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {shown.map((field) => (
                  <div key={field.label} className={cn('min-w-0', field.wide && 'col-span-2')}>
                    <dt className="text-xs text-muted-foreground">{field.label}</dt>
                    <dd className="wrap-anywhere">{field.value}</dd>
                  </div>
                ))}
              </dl>
            )}
            {action && <div className="mt-3 border-t pt-3">{action}</div>}
          </li>
        );
      })}
    </ul>
  );
}
