import {
  ArrowRightIcon,
  BriefcaseBusinessIcon,
  CheckIcon,
  FlaskConicalIcon,
  GaugeIcon,
  ListOrderedIcon,
  type LucideIcon,
  RocketIcon,
  UsersRoundIcon,
  WorkflowIcon,
} from 'lucide-react';
import { lazy } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '@/client/components/layout/page-meta';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';
import { Island } from '@/client/components/layout/island';
import { IconTile } from '@/client/components/marketing/icon-tile';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import type { MessageKey } from '@/shared/i18n/namespaces';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

type HomeKey = MessageKey<'home'>;

// Below the fold and static: their code loads when they come near (the prerendered markup
// is there meanwhile), not with the page.
const ImpactChart = lazy(() =>
  import('@/client/components/marketing/impact-chart').then((m) => ({ default: m.ImpactChart })),
);
// The figures and the studies notice have nothing to show until their answers come, so
// their code need not be in the first load either: it loads while the page hydrates.
const HomeStudies = lazy(() =>
  import('@/client/features/stats/components/home-studies').then((m) => ({
    default: m.HomeStudies,
  })),
);
const PartnerStrip = lazy(() =>
  import('@/client/components/marketing/partner-strip').then((m) => ({
    default: m.PartnerStrip,
  })),
);

const services: { to: string; title: HomeKey; description: HomeKey; icon: LucideIcon }[] = [
  {
    to: paths.fractionalProductManagement,
    title: 'services.fractional.title',
    description: 'services.fractional.description',
    icon: BriefcaseBusinessIcon,
  },
  {
    to: paths.productOptimization,
    title: 'services.optimization.title',
    description: 'services.optimization.description',
    icon: GaugeIcon,
  },
  {
    to: paths.userResearchTesting,
    title: 'services.research.title',
    description: 'services.research.description',
    icon: UsersRoundIcon,
  },
  {
    to: paths.featurePrioritization,
    title: 'services.prioritization.title',
    description: 'services.prioritization.description',
    icon: ListOrderedIcon,
  },
  {
    to: paths.marketFitLaunchStrategy,
    title: 'services.launch.title',
    description: 'services.launch.description',
    icon: RocketIcon,
  },
  {
    to: paths.operationalExcellence,
    title: 'services.operations.title',
    description: 'services.operations.description',
    icon: WorkflowIcon,
  },
];

const firstMonth: HomeKey[] = [
  'hero.firstMonth.match',
  'hero.firstMonth.users',
  'hero.firstMonth.plan',
];

const steps: { title: HomeKey; description: HomeKey }[] = [
  { title: 'steps.needs.title', description: 'steps.needs.description' },
  { title: 'steps.match.title', description: 'steps.match.description' },
  { title: 'steps.grow.title', description: 'steps.grow.description' },
];

export function HomePage() {
  const t = useT('home');
  const lp = useLocalizedPath();
  return (
    <>
      <PageMeta description={t('meta.description', { brand: site.name })} path={paths.home} />
      <PageHero
        eyebrow={t('hero.eyebrow')}
        title={t('hero.title')}
        intro={t('hero.intro')}
        aside={
          <div className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
            <p className="text-lg font-semibold">{t('hero.firstMonth.title')}</p>
            <ul className="mt-4 grid gap-3">
              {firstMonth.map((item) => (
                <li key={item} className="flex gap-3 text-muted-foreground">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  {t(item)}
                </li>
              ))}
            </ul>
          </div>
        }
      >
        <Button asChild size="lg">
          <Link to={lp(paths.companyInquiry)}>
            {t('hero.talkToExpert')}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={lp(paths.services)}>{t('hero.exploreServices')}</Link>
        </Button>
      </PageHero>

      <Section
        id="services"
        eyebrow={t('services.eyebrow')}
        title={t('services.title')}
        intro={t('services.intro')}
      >
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            <li
              key={service.to}
              className="relative flex flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
            >
              <IconTile icon={service.icon} />
              <h3 className="mt-5 text-lg font-semibold">
                <Link
                  to={lp(service.to)}
                  className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
                >
                  {t(service.title)}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-muted-foreground">{t(service.description)}</p>
              <span
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary"
              >
                {t('services.explore')} <ArrowRightIcon className="size-4" />
              </span>
            </li>
          ))}
          <li className="flex flex-col rounded-xl bg-primary p-6 text-primary-foreground shadow-sm sm:col-span-2 lg:col-span-3 lg:flex-row lg:items-center lg:gap-8">
            <div className="flex-1">
              <IconTile icon={FlaskConicalIcon} className="bg-white/15 text-white" />
              <h3 className="mt-5 text-lg font-semibold">{t('services.validation.title')}</h3>
              <p className="mt-2 max-w-2xl text-blue-50">{t('services.validation.description')}</p>
            </div>
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="mt-6 self-start lg:mt-0 lg:self-center"
            >
              <Link to={lp(paths.researchValidation)}>{t('services.validation.cta')}</Link>
            </Button>
          </li>
        </ul>
        <p className="mt-10">
          <Link
            to={lp(paths.services)}
            className="inline-flex items-center gap-1 rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('services.viewAll')}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </Section>

      <Section
        id="impact"
        eyebrow={t('impact.eyebrow')}
        title={t('impact.title')}
        className="bg-muted"
        intro={t('impact.intro')}
      >
        <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_1.3fr]">
          <dl className="grid gap-6">
            <div className="flex flex-col rounded-xl border bg-background p-6">
              <dt className="text-muted-foreground">{t('impact.sales')}</dt>
              <dd className="order-first text-4xl font-bold tracking-tight text-primary">5×</dd>
            </div>
            <div className="flex flex-col rounded-xl border bg-background p-6">
              <dt className="text-muted-foreground">{t('impact.investment.label')}</dt>
              {/* A long word ("Multimillion-dollar") breaks at its hyphens, not out of the card. */}
              <dd className="order-first text-4xl font-bold tracking-tight text-primary hyphens-auto wrap-break-word">
                {t('impact.investment.value')}
              </dd>
            </div>
          </dl>
          <HydrationUnit deferUntilNear="impact">
            <ImpactChart />
          </HydrationUnit>
        </div>
      </Section>

      <Section
        id="partners"
        eyebrow={t('partners.eyebrow')}
        title={t('partners.title')}
        headerClassName="max-w-3xl"
      >
        <HydrationUnit deferUntilNear="partners">
          <PartnerStrip />
        </HydrationUnit>
      </Section>

      <Section
        id="how-we-work"
        eyebrow={t('steps.eyebrow')}
        title={t('steps.title')}
        className="bg-muted"
      >
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-background p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">{t('steps.number', { n: index + 1 })} </span>
                {t(step.title)}
              </h3>
              <p className="mt-2 text-muted-foreground">{t(step.description)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <HydrationUnit>
        <Island name="home-studies">
          <HomeStudies />
        </Island>
      </HydrationUnit>

      <CtaBand id="get-started" title={t('cta.title')} text={t('cta.text')}>
        <Button asChild size="lg" variant="secondary">
          <Link to={lp(paths.services)}>{t('cta.services')}</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-transparent text-white hover:bg-white/10 hover:text-white"
        >
          <Link to={lp(paths.about)}>{t('cta.about', { brand: site.name })}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
