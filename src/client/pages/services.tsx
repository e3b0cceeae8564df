import {
  ArrowRightIcon,
  BadgeCheckIcon,
  ChartColumnIncreasingIcon,
  CompassIcon,
  type LucideIcon,
  MicroscopeIcon,
  RocketIcon,
  SlidersHorizontalIcon,
  TrendingUpIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { ArrowText } from '@/client/components/marketing/arrow-text';
import { PageMeta } from '@/client/components/layout/page-meta';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';
import { accentStyles, IconTile } from '@/client/components/marketing/icon-tile';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import {
  serviceReasons,
  type ServiceTheme,
  type ServiceThemeIcon,
  serviceThemes,
} from '@/shared/content/services';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

const themeIcons: Record<ServiceThemeIcon, LucideIcon> = {
  compass: CompassIcon,
  microscope: MicroscopeIcon,
  rocket: RocketIcon,
};

const reasonIcons: Record<(typeof serviceReasons)[number]['id'], LucideIcon> = {
  expertise: BadgeCheckIcon,
  flexible: SlidersHorizontalIcon,
  'data-driven': ChartColumnIncreasingIcon,
  results: TrendingUpIcon,
};

function ThemeBlock({ theme }: { theme: ServiceTheme }) {
  const t = useT('services');
  const lp = useLocalizedPath();
  const accent = accentStyles[theme.color];
  const titleId = `${theme.id}-title`;
  return (
    <section
      id={theme.id}
      aria-labelledby={titleId}
      className="scroll-mt-20 overflow-hidden rounded-2xl border bg-card shadow-sm"
    >
      <div className={cn('h-1.5', accent.bar)} />
      <div className="p-6 sm:p-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <IconTile icon={themeIcons[theme.icon]} color={theme.color} />
          <div>
            <h2 id={titleId} className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t(theme.title)}
            </h2>
            <p className="mt-2 text-lg text-muted-foreground">{t(theme.subtitle)}</p>
          </div>
        </div>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {theme.services.map((service) => (
            <li key={service.id} className="flex flex-col rounded-xl border p-5">
              <h3 className="text-lg font-semibold">{t(service.name)}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{t(service.description)}</p>
              <Link
                to={lp(service.link)}
                className={cn(
                  'mt-4 self-start rounded-sm text-sm font-semibold underline-offset-4 hover:underline',
                  accent.text,
                )}
              >
                <ArrowText text={t('page.theme.explore', { service: t(service.name) })} />
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <div className={cn('rounded-xl p-5', accent.tile)}>
            <h3 className="text-sm font-semibold tracking-wide uppercase">
              {t('page.theme.expectedOutcome')}
            </h3>
            <p className="mt-2 text-foreground">{t(theme.outcome)}</p>
          </div>
          <div className="rounded-xl bg-muted p-5">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {t('page.theme.caseStudy')}
            </h3>
            <p className="mt-2 text-foreground">{t(theme.caseStudy)}</p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ServicesPage() {
  const t = useT('services');
  const lp = useLocalizedPath();
  const why = t('page.why.eyebrow', { siteName: site.name });
  return (
    <>
      <PageMeta
        title={t('page.meta.title')}
        description={t('page.meta.description')}
        path={paths.services}
      />
      <PageHero
        eyebrow={t('page.hero.eyebrow')}
        title={t('page.hero.title')}
        intro={t('page.hero.intro')}
        aside={
          <nav
            aria-labelledby="on-this-page"
            className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8"
          >
            <h2 id="on-this-page" className="text-lg font-semibold">
              {t('page.onThisPage')}
            </h2>
            <ul className="mt-4 grid gap-2">
              {[
                ...serviceThemes.map((theme) => ({ id: theme.id, title: t(theme.title) })),
                { id: 'why', title: why },
              ].map((item) => (
                <li key={item.id}>
                  {/* A plain in-page anchor: the browser scrolls to it natively. */}
                  <a
                    href={`#${item.id}`}
                    className="inline-flex items-center gap-2 rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <ArrowRightIcon className="size-4" aria-hidden="true" />
                    {item.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        }
      >
        <Button asChild size="lg">
          <Link to={lp(paths.clientRequest)}>{t('page.requestProposal')}</Link>
        </Button>
      </PageHero>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20">
        {serviceThemes.map((theme) => (
          <HydrationUnit key={theme.id} deferUntilNear={`${theme.id}-title`}>
            <ThemeBlock theme={theme} />
          </HydrationUnit>
        ))}
      </div>

      <Section id="why" eyebrow={why} title={t('page.why.title')} className="bg-muted">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {serviceReasons.map((reason) => (
            <li key={reason.id} className="rounded-xl border bg-background p-6">
              <IconTile icon={reasonIcons[reason.id]} />
              <h3 className="mt-5 text-lg font-semibold">{t(reason.title)}</h3>
              <p className="mt-2 text-muted-foreground">{t(reason.description)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand id="request" title={t('page.cta.title')} text={t('page.cta.text')}>
        <Button asChild size="lg" variant="secondary">
          <Link to={lp(paths.clientRequest)}>{t('page.requestProposal')}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
