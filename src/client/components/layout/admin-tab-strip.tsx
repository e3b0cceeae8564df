import { type ReactNode, type RefObject, useCallback, useEffect } from 'react';
import { TabsList } from '@/client/components/ui/tabs';
import { cn } from '@/client/lib/utils';
import { useHiddenSides } from '@/client/lib/use-hidden-sides';

/**
 * A console page's tab list in one row: on a screen too narrow for every tab it scrolls
 * sideways (by touch, or as the arrow keys move along the tabs), an edge fades while tabs
 * are hidden beyond it, and the selected tab is brought into view whenever it changes.
 * From sm up the tabs wrap instead, so none is ever out of sight there.
 */
export function AdminTabStrip({
  label,
  value,
  listRef,
  children,
}: {
  label: string;
  /** The selected tab: brought into view when it changes. */
  value: string;
  listRef?: RefObject<HTMLDivElement | null>;
  /** The TabsTriggers. */
  children: ReactNode;
}) {
  const { ref, hidden } = useHiddenSides<HTMLDivElement>();
  const setRefs = useCallback(
    (element: HTMLDivElement | null) => {
      ref.current = element;
      if (listRef) listRef.current = element;
    },
    [ref, listRef],
  );

  useEffect(() => {
    const list = ref.current;
    const active = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (!list || !active) return;
    const margin = 24;
    const left = active.offsetLeft;
    const right = left + active.offsetWidth;
    if (left - margin < list.scrollLeft) list.scrollLeft = Math.max(0, left - margin);
    else if (right + margin > list.scrollLeft + list.clientWidth)
      list.scrollLeft = right + margin - list.clientWidth;
  }, [ref, value]);

  const fade = 'pointer-events-none absolute inset-y-0 w-8 from-muted to-transparent sm:hidden';
  return (
    <div className="relative min-w-0" data-slot="tab-strip">
      <TabsList
        ref={setRefs}
        aria-label={label}
        className="relative h-auto w-full flex-nowrap justify-start gap-1 overflow-x-auto [scrollbar-width:none] sm:flex-wrap sm:overflow-visible"
      >
        {children}
      </TabsList>
      {hidden.start && (
        <div aria-hidden="true" className={cn(fade, 'left-0 rounded-l-lg bg-linear-to-r')} />
      )}
      {hidden.end && (
        <div aria-hidden="true" className={cn(fade, 'right-0 rounded-r-lg bg-linear-to-l')} />
      )}
    </div>
  );
}
