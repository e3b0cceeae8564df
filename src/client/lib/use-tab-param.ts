import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's selected tab, kept in `?tab=` (the first tab leaves the URL bare). A switch
 * made from outside the tab list (a link in a panel that goes away, a notification)
 * asks for `{ focus: true }`: the keyboard focus then moves to the tab now selected
 * instead of being lost. Spread `tabsListRef` on the TabsList.
 */
export function useTabParam<T extends string>(tabs: readonly T[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('tab');
  const first = tabs[0]!;
  const tab: T = tabs.includes(param as T) ? (param as T) : first;
  const tabsListRef = useRef<HTMLDivElement>(null);
  const focusTab = useRef(false);

  function selectTab(next: string, options: { focus?: boolean } = {}) {
    focusTab.current = options.focus ?? false;
    setSearchParams(next === first ? {} : { tab: next }, { replace: true });
  }

  useEffect(() => {
    if (!focusTab.current) return;
    focusTab.current = false;
    tabsListRef.current?.querySelector<HTMLElement>('[data-state="active"]')?.focus();
  }, [tab]);

  return { tab, selectTab, tabsListRef };
}
