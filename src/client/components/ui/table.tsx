import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { useT } from '@/client/i18n/language';
import { useHiddenSides } from '@/client/lib/use-hidden-sides';
import { cn } from '@/client/lib/utils';

/**
 * A data table that scrolls sideways inside its own box when it is wider than its panel.
 * The box takes keyboard focus (arrow keys scroll it) so a table with no buttons can still
 * be read; while part of it is out of sight, that edge fades and a line under it says so.
 */
export function Table({
  className,
  label,
  ...props
}: React.ComponentProps<'table'> & {
  /** Names the scrolling box for screen readers. */ label?: string;
}) {
  const t = useT('ui');
  const { ref, hidden } = useHiddenSides();
  const fade = 'pointer-events-none absolute inset-y-px w-10 from-background to-transparent';
  return (
    <div
      data-slot="table-frame"
      data-scrolls={hidden.start || hidden.end || undefined}
      className="min-w-0"
    >
      <div className="relative">
        <div
          ref={ref}
          data-slot="table-container"
          // A scroll container must be reachable by keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          role={label ? 'region' : undefined}
          aria-label={label}
          className="relative w-full overflow-x-auto rounded-lg border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <table
            data-slot="table"
            className={cn('w-full caption-bottom text-sm', className)}
            {...props}
          />
        </div>
        {hidden.start && (
          <div aria-hidden="true" className={cn(fade, 'left-px rounded-l-lg bg-linear-to-r')} />
        )}
        {hidden.end && (
          <div aria-hidden="true" className={cn(fade, 'right-px rounded-r-lg bg-linear-to-l')} />
        )}
      </div>
      {(hidden.start || hidden.end) && (
        <p
          aria-hidden="true"
          data-slot="table-scroll-hint"
          className="mt-1.5 flex items-center justify-end gap-1 text-xs text-muted-foreground"
        >
          {hidden.start && <ChevronLeftIcon className="size-3.5" />}
          {t('table.scrollHint')}
          {hidden.end && <ChevronRightIcon className="size-3.5" />}
        </p>
      )}
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('bg-muted/50 [&_tr]:border-b', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/40', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope="col"
      className={cn(
        'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td data-slot="table-cell" className={cn('px-3 py-2.5 align-middle', className)} {...props} />
  );
}

export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
