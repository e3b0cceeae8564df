import { useStudiesOpen } from '@/client/api/settings/get-studies-open';
import { useHydrated } from '@/client/lib/use-hydrated';

/**
 * Whether research studies are postponed, from the `studiesOpen` setting: `undefined`
 * until the setting is known (or when it cannot be read), so a notice shows neither
 * state before the server has said which one holds. While a prerendered section is being
 * hydrated it is `undefined` too, as the prerendered HTML was: a section hydrated late
 * (the footer) may find the setting already loaded.
 */
export function useStudiesPostponed(): boolean | undefined {
  const hydrated = useHydrated();
  const open = useStudiesOpen().data;
  return open === undefined || !hydrated ? undefined : !open;
}
