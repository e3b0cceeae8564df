import type { ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from './table';

export type DataTableColumn = {
  header: string;
  className?: string;
  /** Said to screen readers only (an actions column needs no visible heading). */
  srOnly?: boolean;
};

/**
 * A table of records: one heading row from `columns`, the rows (`children`) in its body,
 * and a caption for screen readers. `busy` while the rows are being fetched again.
 */
export function DataTable({
  columns,
  caption,
  busy,
  children,
}: {
  columns: readonly DataTableColumn[];
  caption?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Table aria-busy={busy}>
      {caption && <TableCaption className="sr-only">{caption}</TableCaption>}
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.header} className={column.className}>
              {column.srOnly ? <span className="sr-only">{column.header}</span> : column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
