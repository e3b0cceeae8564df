import { CalendarClockIcon } from 'lucide-react';
import { SiteLink } from '@/client/lib/site-nav';
import { useStudiesPostponed } from '@/client/components/layout/studies-postponed';
import { useT } from '@/client/i18n/language';
import { paths } from '@/shared/paths';

/**
 * While research studies are postponed, the home page says so beside the figures; nothing
 * until the setting is known (the prerendered page has neither state), nothing while open.
 */
export function StudiesPostponedNotice() {
  const t = useT('home');
  const tc = useT('common');
  if (!useStudiesPostponed()) return null;
  return (
    <section
      id="studies-postponed"
      aria-labelledby="studies-postponed-title"
      className="border-t bg-muted"
    >
      <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
        <div className="flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-950">
          <CalendarClockIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <h2 id="studies-postponed-title" className="font-semibold">
              {t('studies.postponed.title')}
            </h2>
            <p className="mt-1">
              {t('studies.postponed.text')}{' '}
              <SiteLink
                to={paths.participantRegistration}
                className="rounded-sm font-medium underline underline-offset-4"
              >
                {tc('footer.becomeTester')}
              </SiteLink>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
