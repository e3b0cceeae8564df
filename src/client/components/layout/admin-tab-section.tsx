import type { ReactNode, Ref } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * One tab of the admin dashboard: a section named by its heading, a line on what it is
 * for, and beside them the tab's main action, if any. `headingRef` makes the heading a
 * focus target (tabIndex -1) for when the row that had the focus leaves the list.
 */
export function AdminTabSection({
  id,
  title,
  description,
  action,
  headingRef,
  sectionRef,
  className = 'grid gap-4',
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  sectionRef?: Ref<HTMLElement>;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <div>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={cn('text-xl font-semibold', headingRef && 'outline-none')}
      >
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
  return (
    // One column no wider than the panel: a wide table scrolls inside it instead of widening it.
    <section ref={sectionRef} aria-labelledby={id} className={cn('grid-cols-1', className)}>
      {action ? (
        <div className="flex flex-wrap items-end justify-between gap-4">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
