import { CalendarClockIcon, TriangleAlertIcon } from 'lucide-react';
import { DEFAULT_SETTINGS } from '@/shared/schemas/settings';
import { site } from '@/shared/site';
import { useStudiesOpen } from '@/client/api/settings/get-studies-open';
import { useT } from '@/client/i18n/language';

/** Whether participants may apply: unknown until the setting has been read. */
export type StudiesState = 'loading' | 'open' | 'postponed';

/** The id of the postponed notice's sentence, the reason a disabled Apply button gives. */
export const POSTPONED_REASON_ID = 'studies-postponed-body';

/**
 * The `studiesOpen` setting (decisions.md section 6) as the dashboard needs it. Until it is
 * read the state is 'loading', so neither the notice nor an Apply button flashes in the
 * wrong state; if it cannot be read, the default (postponed) holds and the server decides.
 */
export function useStudiesState(): StudiesState {
  const studiesOpen = useStudiesOpen();
  if (studiesOpen.isPending) return 'loading';
  return (studiesOpen.data ?? DEFAULT_SETTINGS.studiesOpen) ? 'open' : 'postponed';
}

/**
 * The notices above Available Tests: while studies are postponed, the postponed notice
 * (spec section 1); in either state the disclaimer that pay is owed only once a study is
 * completed.
 */
export function StudiesNotices({ state }: { state: StudiesState }) {
  const t = useT('dashboard');
  return (
    <div className="grid gap-3">
      {state === 'postponed' && (
        <section
          aria-labelledby="studies-postponed-title"
          data-testid="studies-postponed"
          className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900"
        >
          <CalendarClockIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <h3 id="studies-postponed-title" className="font-semibold">
              {t('notice.postponed.title')}
            </h3>
            <p id={POSTPONED_REASON_ID} className="mt-1 text-sm">
              {t('notice.postponed.body')}
            </p>
          </div>
        </section>
      )}
      <section
        aria-labelledby="studies-disclaimer-title"
        className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
      >
        <TriangleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h3 id="studies-disclaimer-title" className="font-semibold">
            {t('notice.disclaimer.title')}
          </h3>
          <p className="mt-1 text-sm">{t('notice.disclaimer.body', { brand: site.name })}</p>
        </div>
      </section>
    </div>
  );
}
