import {
  AwardIcon,
  CheckIcon,
  HandshakeIcon,
  LightbulbIcon,
  MailIcon,
  MapPinIcon,
  MicroscopeIcon,
  PhoneIcon,
  SparklesIcon,
  TargetIcon,
  UserRoundCheckIcon,
} from 'lucide-react';
import { telHref } from '@/client/lib/tel-href';
import { Link } from 'react-router';
import { PageMeta } from '@/client/components/layout/page-meta';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { IconTile } from '@/client/components/marketing/icon-tile';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { useScrollToHash } from '@/client/lib/use-scroll-to-hash';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

const glance = [
  `Product consultancy based in ${site.city}`,
  'Strategy, research, delivery and growth under one roof',
  'Our own community of paid research participants',
];

const essentials = [
  {
    title: 'Expert leadership',
    description:
      'Every engagement is led by a product manager with years of shipping behind them, who has sat in your seat and knows which decisions matter most.',
    icon: UserRoundCheckIcon,
  },
  {
    title: 'Real user research',
    description:
      'We test with real people, recruited and paid through our own research community, so decisions rest on what users do rather than on guesses.',
    icon: MicroscopeIcon,
  },
  {
    title: 'Innovation mindset',
    description:
      'We look for the simplest thing that could work, try it quickly and keep what the numbers support, so new ideas reach customers sooner.',
    icon: LightbulbIcon,
  },
] as const;

const values = [
  {
    title: 'Excellence',
    description: 'We hold our work to the standard we would want for our own products.',
    icon: AwardIcon,
  },
  {
    title: 'Collaboration',
    description: 'We work inside your team, share what we know and leave your people stronger.',
    icon: HandshakeIcon,
  },
  {
    title: 'Impact',
    description: 'We judge success by outcomes for your business and your users, not by output.',
    icon: TargetIcon,
  },
  {
    title: 'Innovation',
    description: 'We stay curious, question assumptions and try new approaches with care.',
    icon: SparklesIcon,
  },
] as const;

export function AboutPage() {
  useScrollToHash();
  return (
    <>
      <PageMeta
        title="About us"
        description={`${site.name} is a 360-degree product management consultancy in ${site.city}: expert product leadership, real user research and an innovation mindset behind every engagement.`}
        path={paths.about}
      />
      <PageHero
        eyebrow={`About ${site.name}`}
        title="Product people who help good ideas become products that grow"
        intro="We join companies at every stage, from a first concept to a product with thousands of customers, and help them decide what to build, prove it with real users and ship it."
        aside={
          <div className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold">{site.name} at a glance</h2>
            <ul className="mt-4 grid gap-3 text-muted-foreground">
              {glance.map((item) => (
                <li key={item} className="flex gap-3">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        }
      >
        <Button asChild size="lg">
          <Link to={paths.services}>Start Your Project</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.participantRegistration}>Join Our Research Community</Link>
        </Button>
      </PageHero>

      <Section
        id="who-we-are"
        eyebrow="Who we are"
        title="A 360-degree product management consultancy"
      >
        <div className="mt-8 grid gap-6 text-lg text-muted-foreground lg:grid-cols-2">
          <p>
            {site.name} covers the whole life of a digital product: strategy and market fit,
            discovery and user research, prioritization, launch, and the steady optimization that
            follows. You can bring us in for one of those steps or for all of them.
          </p>
          <p>
            Alongside our consultants we run a community of research participants who are paid to
            test products. It lets us put an idea in front of the right people within days, so the
            advice you get from us is grounded in what real users do.
          </p>
        </div>
      </Section>

      <Section
        id="essentials"
        eyebrow="Our approach"
        title="Three essentials behind every engagement"
        className="bg-muted"
      >
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {essentials.map((item) => (
            <li key={item.title} className="rounded-xl border bg-background p-6">
              <IconTile icon={item.icon} />
              <h3 className="mt-5 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-muted-foreground">{item.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="impact"
        eyebrow="Impact"
        title="What our work has meant for clients"
        intro="Numbers from engagements with companies we have worked beside."
      >
        <dl className="mt-10 grid gap-6 md:grid-cols-3">
          <div className="flex flex-col rounded-xl border p-6">
            <dt className="text-muted-foreground">Sales growth for a retail client within weeks</dt>
            <dd className="order-first text-4xl font-bold tracking-tight text-primary">5×</dd>
          </div>
          <div className="flex flex-col rounded-xl border p-6">
            <dt className="text-muted-foreground">
              Investment raised by clients after validating their products with us
            </dt>
            <dd className="order-first text-4xl font-bold tracking-tight text-primary">
              Multimillion-dollar
            </dd>
          </div>
          <div className="flex flex-col rounded-xl border p-6">
            <dt className="text-muted-foreground">
              More study opportunities for testers with a complete profile
            </dt>
            <dd className="order-first text-4xl font-bold tracking-tight text-primary">3×</dd>
          </div>
        </dl>
      </Section>

      <Section id="values" eyebrow="Our values" title="What we stand for" className="bg-muted">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl border bg-background p-6">
              <IconTile icon={value.icon} />
              <h3 className="mt-5 text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-muted-foreground">{value.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="contact" eyebrow="Contact" title="Talk to us">
        <ul className="mt-8 grid gap-4 text-lg sm:grid-cols-3">
          <li className="flex items-center gap-3">
            <MailIcon className="size-5 text-primary" aria-hidden="true" />
            <span className="sr-only">E-mail: </span>
            <a
              href={`mailto:${site.email}`}
              className="rounded-sm font-medium text-primary underline underline-offset-4"
            >
              {site.email}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <PhoneIcon className="size-5 text-primary" aria-hidden="true" />
            <span className="sr-only">Phone: </span>
            <a
              href={telHref(site.phone)}
              className="rounded-sm font-medium text-primary underline underline-offset-4"
            >
              {site.phone}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <MapPinIcon className="size-5 text-primary" aria-hidden="true" />
            <span className="sr-only">Office: </span>
            <span>{site.city}</span>
          </li>
        </ul>
      </Section>

      <Section
        id="privacy"
        eyebrow="Privacy Policy"
        title="How we treat your data"
        className="bg-muted"
      >
        <div className="mt-6 grid max-w-3xl gap-4 text-muted-foreground">
          <p>
            We use the details you send us only to answer your request, run the studies you join and
            pay you for them. We never sell personal data.
          </p>
          <p>
            Testers can download everything we hold about them and delete their account from their
            settings at any time. For any other question about your data, write to{' '}
            <a
              href={`mailto:${site.email}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              {site.email}
            </a>
            .
          </p>
        </div>
      </Section>

      <Section id="terms" eyebrow="Terms of Service" title="The short version of our terms">
        <div className="mt-6 grid max-w-3xl gap-4 text-muted-foreground">
          <p>
            Consulting engagements follow the proposal we agree with you in writing before work
            starts.
          </p>
          <p>
            Research studies may be postponed or closed at any time at our or our clients&apos;
            discretion. Pay for a study is owed once the study is completed.
          </p>
        </div>
      </Section>

      <CtaBand
        id="join"
        title="Build with us, or test with us"
        text="Companies can start a project with our product team. Anyone can join our research community and be paid to try new products."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to={paths.services}>Start Your Project</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-transparent text-white hover:bg-white/10 hover:text-white"
        >
          <Link to={paths.participantRegistration}>Join Our Research Community</Link>
        </Button>
      </CtaBand>
    </>
  );
}
