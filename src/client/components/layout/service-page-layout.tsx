import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { serviceLinks } from './nav-links';
import { PageMeta } from './page-meta';

type Item = { title: string; description: string };

/** What one service page says; the layout decides how it looks. */
export type ServicePageContent = {
  path: string;
  /** The service's name: the page's h1 and its title. */
  name: string;
  /** The theme it belongs to, shown above the name. */
  theme: string;
  metaDescription: string;
  intro: string;
  deliverables: readonly Item[];
  /** An extra block some services need (the frameworks of prioritization, say). */
  highlight?: { title: string; intro: string; items: readonly Item[] };
  steps: readonly Item[];
  outcomes: readonly string[];
  cta: { title: string; text: string; label: string; to: string };
};

/** The shared layout of the six service pages. */
export function ServicePageLayout({ content }: { content: ServicePageContent }) {
  const others = serviceLinks.filter((link) => link.to !== content.path);
  return (
    <>
      <PageMeta title={content.name} description={content.metaDescription} path={content.path} />
      <PageHero
        eyebrow={content.theme}
        title={content.name}
        intro={content.intro}
        aside={
          <div className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold">What you can expect</h2>
            <ul className="mt-4 grid gap-3">
              {content.outcomes.map((outcome) => (
                <li key={outcome} className="flex gap-3 text-muted-foreground">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  {outcome}
                </li>
              ))}
            </ul>
          </div>
        }
      >
        <Button asChild size="lg">
          <Link to={content.cta.to}>
            {content.cta.label}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      <Section id="what-you-get" eyebrow="What you get" title="What this service includes">
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {content.deliverables.map((item) => (
            <li key={item.title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
              <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <CheckIcon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-1 text-muted-foreground">{item.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      {content.highlight && (
        <Section
          id="approach"
          eyebrow="Our toolkit"
          title={content.highlight.title}
          intro={content.highlight.intro}
          className="bg-muted"
        >
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.highlight.items.map((item) => (
              <li key={item.title} className="rounded-xl border bg-background p-6">
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 text-muted-foreground">{item.description}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section
        id="how-it-works"
        eyebrow="How it works"
        title="How we work together"
        className={content.highlight ? undefined : 'bg-muted'}
      >
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {content.steps.map((step, index) => (
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

      <CtaBand id="next-step" title={content.cta.title} text={content.cta.text}>
        <Button asChild size="lg" variant="secondary">
          <Link to={content.cta.to}>{content.cta.label}</Link>
        </Button>
      </CtaBand>

      <nav aria-labelledby="other-services-title" className="border-t bg-muted">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="other-services-title" className="text-xl font-semibold">
            Other services
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {others.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex rounded-full border bg-background px-4 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </>
  );
}
