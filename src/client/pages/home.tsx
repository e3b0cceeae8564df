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
import { Link } from 'react-router';
import { PageMeta } from '@/client/components/layout/page-meta';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { HydrationUnit } from '@/client/components/layout/hydration-unit';
import { IconTile } from '@/client/components/marketing/icon-tile';
import { ImpactChart } from '@/client/components/marketing/impact-chart';
import { PageHero } from '@/client/components/marketing/page-hero';
import { PartnerStrip } from '@/client/components/marketing/partner-strip';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { StatsStrip } from '@/client/features/stats/components/stats-strip';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

const services: { to: string; title: string; description: string; icon: LucideIcon }[] = [
  {
    to: paths.fractionalProductManagement,
    title: 'Fractional Product Management',
    description:
      'A senior product manager on your team part-time: discovery, roadmap and delivery, without a full-time hire.',
    icon: BriefcaseBusinessIcon,
  },
  {
    to: paths.productOptimization,
    title: 'Product Optimization',
    description:
      'Find where users drop off, test the fixes and lift activation, conversion and retention.',
    icon: GaugeIcon,
  },
  {
    to: paths.userResearchTesting,
    title: 'User Research & Testing',
    description:
      'Interviews and usability tests with paid participants who match the people you build for.',
    icon: UsersRoundIcon,
  },
  {
    to: paths.featurePrioritization,
    title: 'Feature Prioritization',
    description:
      'RICE, MoSCoW and Kano scoring that turns a crowded backlog into a roadmap everyone can defend.',
    icon: ListOrderedIcon,
  },
  {
    to: paths.marketFitLaunchStrategy,
    title: 'Market Fit & Launch Strategy',
    description:
      'Positioning, pricing and a launch plan aimed at the customers most likely to buy first.',
    icon: RocketIcon,
  },
  {
    to: paths.operationalExcellence,
    title: 'Operational Excellence',
    description:
      'Clear ownership, lean rituals and shared metrics so product and engineering ship as one team.',
    icon: WorkflowIcon,
  },
];

const firstMonth = [
  'A product manager matched to your industry and stage',
  'Real users trying your product within days',
  'A plan tied to the numbers that matter to your business',
];

const steps = [
  {
    title: 'Tell us your needs',
    description:
      'Share where your product is and where it should be. We reply within 24 hours with questions or a first plan.',
  },
  {
    title: 'Get matched with an expert product manager',
    description:
      'We pair you with a product manager who has solved problems like yours, in your industry, for your stage.',
  },
  {
    title: 'Accelerate growth',
    description:
      'Work starts in days, not months. You see progress every week and results you can measure within weeks.',
  },
];

export function HomePage() {
  return (
    <>
      <PageMeta
        description={`${site.name} is a product management consultancy: fractional product managers, user research with paid testers, prioritization and launch strategy that grow digital products.`}
        path={paths.home}
      />
      <PageHero
        eyebrow="360-degree product management"
        title="Build the product your customers want, and grow it faster"
        intro="Expert product managers and real user research for companies building digital products, from the first concept to a product that sells."
        aside={
          <div className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
            <p className="text-lg font-semibold">In your first 30 days</p>
            <ul className="mt-4 grid gap-3">
              {firstMonth.map((item) => (
                <li key={item} className="flex gap-3 text-muted-foreground">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        }
      >
        <Button asChild size="lg">
          <Link to={paths.companyInquiry}>
            Talk to a product expert
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.services}>Explore our services</Link>
        </Button>
      </PageHero>

      <Section
        id="services"
        eyebrow="What we do"
        title="Services for every stage of your product"
        intro="Bring us in for one problem or the whole journey. Each service is led by a product manager who has done it before."
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
                  to={service.to}
                  className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-['']"
                >
                  {service.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-muted-foreground">{service.description}</p>
              <span
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary"
              >
                Explore <ArrowRightIcon className="size-4" />
              </span>
            </li>
          ))}
          <li className="flex flex-col rounded-xl bg-primary p-6 text-primary-foreground shadow-sm sm:col-span-2 lg:col-span-3 lg:flex-row lg:items-center lg:gap-8">
            <div className="flex-1">
              <IconTile icon={FlaskConicalIcon} className="bg-white/15 text-white" />
              <h3 className="mt-5 text-lg font-semibold">Research Validation</h3>
              <p className="mt-2 max-w-2xl text-blue-50">
                Put your concept, prototype or live product in front of our community of paid
                testers and get a clear verdict before you invest further.
              </p>
            </div>
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="mt-6 self-start lg:mt-0 lg:self-center"
            >
              <Link to={paths.researchValidation}>Request Research Service</Link>
            </Button>
          </li>
        </ul>
        <p className="mt-10">
          <Link
            to={paths.services}
            className="inline-flex items-center gap-1 rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            View All Services
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </Section>

      <Section
        id="impact"
        eyebrow="Impact"
        title="Results our clients can count"
        className="bg-muted"
        intro="We measure our work by what it does for your business, not by the number of documents we write."
      >
        <div className="mt-10 grid items-start gap-10 lg:grid-cols-[1fr_1.3fr]">
          <dl className="grid gap-6">
            <div className="flex flex-col rounded-xl border bg-background p-6">
              <dt className="text-muted-foreground">Sales growth within weeks</dt>
              <dd className="order-first text-4xl font-bold tracking-tight text-primary">5×</dd>
            </div>
            <div className="flex flex-col rounded-xl border bg-background p-6">
              <dt className="text-muted-foreground">
                Investments raised by clients after validating their products with us
              </dt>
              <dd className="order-first text-4xl font-bold tracking-tight text-primary">
                Multimillion-dollar
              </dd>
            </div>
          </dl>
          <ImpactChart />
        </div>
      </Section>

      <Section
        id="partners"
        eyebrow="Partners"
        title="Trusted by teams building what comes next"
        headerClassName="max-w-3xl"
      >
        <PartnerStrip />
      </Section>

      <Section
        id="how-we-work"
        eyebrow="How we work"
        title="From first call to growth in three steps"
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
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <HydrationUnit>
        <StatsStrip />
      </HydrationUnit>

      <CtaBand
        id="get-started"
        title="Ready to move your numbers?"
        text="See how each service works, or learn more about the people who will work beside your team."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.services}>See how our services work</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-transparent text-white hover:bg-white/10 hover:text-white"
        >
          <Link to={paths.about}>About {site.name}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
