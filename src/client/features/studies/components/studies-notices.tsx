import { CalendarClockIcon, TriangleAlertIcon } from 'lucide-react';
import { DEFAULT_SETTINGS } from '@/shared/schemas/settings';
import { site } from '@/shared/site';
import { useSettings } from '@/client/api/settings/get-settings';
import { useT } from '@/client/i18n/language';

/**
 * While studies are postponed (the `studiesOpen` setting is false, its default), the
 * postponed notice and the disclaimer (spec section 1). Until the setting is known,
 * or if it cannot be read, the default holds.
 */
export function StudiesNotices() {
  const settings = useSettings();
  const t = useT('dashboard');
  const { studiesOpen } = settings.data?.settings ?? DEFAULT_SETTINGS;
  if (studiesOpen) return null;
  return (
    <div className="grid gap-3">
      <section
        aria-labelledby="studies-postponed-title"
        className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900"
      >
        <CalendarClockIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h3 id="studies-postponed-title" className="font-semibold">
            {t('notice.postponed.title')}
          </h3>
          <p className="mt-1 text-sm">{t('notice.postponed.body')}</p>
        </div>
      </section>
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
