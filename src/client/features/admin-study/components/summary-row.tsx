import type { ReactNode } from 'react';

/** One line of a summary list: the term, and its figure on the right. */
export function SummaryRow({
  term,
  strong = false,
  children,
}: {
  term: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`flex flex-wrap justify-between gap-x-4 border-b pb-2 last:border-0 ${strong ? 'font-semibold' : ''}`}
    >
      <dt className={strong ? undefined : 'text-muted-foreground'}>{term}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}
