import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from '@/client/api/settings/get-settings';
import { REFRESH_EVERY_MS } from '@/client/api/refresh';
import { useHydrated } from '@/client/lib/use-hydrated';

/**
 * Whether research studies are postponed, from the `studiesOpen` setting: `undefined`
 * until the setting is known (or when it cannot be read), so a notice shows neither
 * state before the server has said which one holds. Asked again every 30 s and when the
 * window regains focus, so opening studies clears the notices of pages already open.
 * While a prerendered section is being hydrated it is `undefined` too, as the prerendered
 * HTML was: a section hydrated late (the footer) may find the setting already loaded.
 */
export function useStudiesPostponed(): boolean | undefined {
  const hydrated = useHydrated();
  const settings = useQuery({
    ...settingsQueryOptions(),
    staleTime: REFRESH_EVERY_MS,
    refetchInterval: REFRESH_EVERY_MS,
    refetchOnWindowFocus: true,
  });
  const open = settings.data?.settings.studiesOpen;
  return open === undefined || !hydrated ? undefined : !open;
}
