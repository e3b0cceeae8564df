import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * An admin list's filters: select filters (status, study…) and a search box whose text is
 * sent trimmed once typing pauses. `query` is what the list asks the server for; `initial`
 * is what a link opened the list with.
 */
export function useListFilters<F extends Record<string, string | undefined>>(
  initial: Partial<F> = {},
) {
  const [selected, setSelected] = useState<Partial<F>>(initial);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  return {
    search,
    setSearch,
    /** The search as sent to the server. */
    searched,
    selected,
    select:
      <K extends keyof F>(key: K) =>
      (value: F[K] | undefined) =>
        setSelected((current) => ({ ...current, [key]: value })),
    query: { ...selected, search: searched || undefined },
    filtered: Boolean(searched) || Object.values(selected).some(Boolean),
    clear: () => {
      setSelected({});
      setSearch('');
    },
  };
}
