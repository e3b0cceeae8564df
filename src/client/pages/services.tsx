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
import { PageMeta } from '@/client/components/layout/page-meta';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';
import { accentStyles, IconTile } from '@/client/components/marketing/icon-tile';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
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

const reasonIcons: Record<(typeof serviceReasons)[number]['title'], LucideIcon> = {
  'Proven Expertise': BadgeCheckIcon,
  'Flexible Engagement': SlidersHorizontalIcon,
  'Data-Driven Approach': ChartColumnIncreasingIcon,
  'Measurable Results': TrendingUpIcon,
};

function ThemeBlock({ theme }: { theme: ServiceTheme }) {
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
              {theme.title}
            </h2>
            <p className="mt-2 text-lg text-muted-foreground">{theme.subtitle}</p>
          </div>
        </div>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {theme.services.map((service) => (
            <li key={service.name} className="flex flex-col rounded-xl border p-5">
              <h3 className="text-lg font-semibold">{service.name}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{service.description}</p>
              <Link
                to={service.link}
                className={cn(
                  'mt-4 self-start rounded-sm text-sm font-semibold underline-offset-4 hover:underline',
                  accent.text,
                )}
              >
                Explore {service.name}
                <ArrowRightIcon className="ml-1 inline size-4 align-[-3px]" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <div className={cn('rounded-xl p-5', accent.tile)}>
            <h3 className="text-sm font-semibold tracking-wide uppercase">Expected outcome</h3>
            <p className="mt-2 text-foreground">{theme.outcome}</p>
          </div>
          <div className="rounded-xl bg-muted p-5">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              Case study
            </h3>
            <p className="mt-2 text-foreground">{theme.caseStudy}</p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ServicesPage() {
  return (
    <>
      <PageMeta
        title="Services"
        description="Product leadership and strategy, user research and validation, execution and optimization: nine services from one product team, with results you can measure."
        path={paths.services}
      />
      <PageHero
        eyebrow="Services"
        title="Everything your product needs, from strategy to growth"
        intro="Our services fall into three themes. Pick the one problem that matters most today, or let one team carry your product from idea to growth."
        aside={
          <nav
            aria-labelledby="on-this-page"
            className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8"
          >
            <h2 id="on-this-page" className="text-lg font-semibold">
              On this page
            </h2>
            <ul className="mt-4 grid gap-2">
              {[...serviceThemes, { id: 'why', title: `Why ${site.name}` }].map((item) => (
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
          <Link to={paths.clientRequest}>Request a proposal</Link>
        </Button>
      </PageHero>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20">
        {serviceThemes.map((theme) => (
          <HydrationUnit key={theme.id} deferUntilNear={`${theme.id}-title`}>
            <ThemeBlock theme={theme} />
          </HydrationUnit>
        ))}
      </div>

      <Section
        id="why"
        eyebrow={`Why ${site.name}`}
        title="Why companies choose us"
        className="bg-muted"
      >
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {serviceReasons.map((reason) => (
            <li key={reason.title} className="rounded-xl border bg-background p-6">
              <IconTile icon={reasonIcons[reason.title]} />
              <h3 className="mt-5 text-lg font-semibold">{reason.title}</h3>
              <p className="mt-2 text-muted-foreground">{reason.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="request"
        title="Tell us what you are building"
        text="Describe your product and the result you want. A product lead will reply within 24 hours with next steps."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.clientRequest}>Request a proposal</Link>
        </Button>
      </CtaBand>
    </>
  );
}
