import { useSyncExternalStore } from 'react';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { SiteLink } from '@/client/lib/site-nav';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';
import { HydrationUnit } from './hydration-unit';
import { Logo } from './logo';
import { companyLinks, type NavLinkData, serviceLinks } from './nav-links';
import { useStudiesPostponed } from './studies-postponed';

const linkClass =
  'rounded-sm text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

function FooterColumn({ title, links }: { title: string; links: readonly NavLinkData[] }) {
  const t = useT('common');
  const lp = useLocalizedPath();
  return (
    <div>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-3 grid gap-2">
        {links.map((link) => (
          <li key={link.labelKey}>
            <SiteLink to={lp(link.to)} className={linkClass}>
              {t(link.labelKey)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

const participantLinks = [
  { to: paths.participantRegistration, labelKey: 'footer.becomeTester' },
] as const satisfies readonly NavLinkData[];

const subscribeToNothing = () => () => {};
const thisYear = () => new Date().getFullYear();
const builtInYear = () => site.buildYear;

/** The footer's promise to testers: only while studies are postponed (nothing until known). */
function StudiesPostponedLine() {
  const t = useT('common');
  if (!useStudiesPostponed()) return null;
  return (
    <p className="mt-4 rounded-md border border-border bg-background p-3 text-sm text-muted-foreground">
      {t('footer.studiesPostponed')}
    </p>
  );
}

export function Footer() {
  const t = useT('common');
  // Hydrated with the year the page was prerendered in, then the reader's current year.
  const year = useSyncExternalStore(subscribeToNothing, thisYear, builtInYear);
  return (
    // Far below the fold on a prerendered page: hydrated when it comes near (see HydrationUnit).
    <HydrationUnit deferUntilNear="site-footer">
      <footer id="site-footer" className="border-t bg-muted">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-3 text-sm text-muted-foreground">{t('site.tagline')}.</p>
            <StudiesPostponedLine />
          </div>
          <FooterColumn title={t('footer.services')} links={serviceLinks} />
          <FooterColumn title={t('footer.company')} links={companyLinks} />
          <FooterColumn title={t('footer.participants')} links={participantLinks} />
        </div>
        <div className="border-t">
          <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
            {t('footer.copyright', { year: String(year), name: site.name })}
          </p>
        </div>
      </footer>
    </HydrationUnit>
  );
}
