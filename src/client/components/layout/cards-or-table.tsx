import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '@/client/components/ui/data-table';

/**
 * A list shown as cards below the sm breakpoint (no sideways scrolling on a phone) and as
 * a table from sm up, with `columns` and the rows (`children`).
 */
export function CardsOrTable({
  cards,
  busy,
  caption,
  columns,
  children,
}: {
  cards: ReactNode;
  busy: boolean;
  /** Read by screen readers only. */
  caption: string;
  columns: readonly DataTableColumn[];
  children: ReactNode;
}) {
  return (
    <>
      {cards}
      {/* min-w-0: a grid or flex item no wider than its panel, so a wide table scrolls inside. */}
      <div className="hidden min-w-0 sm:block">
        <DataTable columns={columns} caption={caption} busy={busy}>
          {children}
        </DataTable>
      </div>
    </>
  );
}
