import type { ReactNode } from 'react';
import { Table, TableCaption } from '@/client/components/ui/table';

/**
 * A list shown as cards below the sm breakpoint (no sideways scrolling on a phone) and as
 * a table from sm up; `children` are the table's header and body.
 */
export function CardsOrTable({
  cards,
  busy,
  caption,
  children,
}: {
  cards: ReactNode;
  busy: boolean;
  /** Read by screen readers only. */
  caption: string;
  children: ReactNode;
}) {
  return (
    <>
      {cards}
      <div className="hidden sm:block">
        <Table aria-busy={busy}>
          <TableCaption className="sr-only">{caption}</TableCaption>
          {children}
        </Table>
      </div>
    </>
  );
}
