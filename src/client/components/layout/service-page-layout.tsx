import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import type { MessageKey } from '@/shared/i18n/namespaces';
import { serviceLinks } from './nav-links';
import { PageMeta } from './page-meta';

/** A message of the `services` catalogue. */
type Key = MessageKey<'services'>;

/** A titled item's key prefix: `<prefix>.title` and `<prefix>.description` are both messages. */
type ItemPrefix<K extends Key = Key> = K extends `${infer P}.title`
  ? `${P}.description` extends Key
    ? P
    : never
  : never;
type Item = ItemPrefix;

/**
 * What one service page says, as keys of the `services` catalogue (English and
 * Kiswahili); the layout looks them up in the page's language and decides how it looks.
 */
export type ServicePageContent = {
  path: string;
  /** The service's name: the page's h1 and its title. */
  name: Key;
  /** The theme it belongs to, shown above the name. */
  theme: Key;
  metaDescription: Key;
  intro: Key;
  deliverables: readonly Item[];
  /** An extra block some services need (the frameworks of prioritization, say). */
  highlight?: { title: Key; intro: Key; items: readonly Item[] };
  steps: readonly Item[];
  outcomes: readonly Key[];
  cta: { title: Key; text: Key; label: Key; to: string };
};

/** The shared layout of the six service pages. */
export function ServicePageLayout({ content }: { content: ServicePageContent }) {
  const t = useT('services');
  const tc = useT('common');
  const lp = useLocalizedPath();
  const title = (item: Item) => t(`${item}.title`);
  const description = (item: Item) => t(`${item}.description`);
  // The footer's list of the six pages, without this one.
  const others = serviceLinks.filter((link) => link.to !== content.path);
  return (
    <>
      <PageMeta
        title={t(content.name)}
        description={t(content.metaDescription)}
        path={content.path}
      />
      <PageHero
        eyebrow={t(content.theme)}
        title={t(content.name)}
        intro={t(content.intro)}
        aside={
          <div className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold">{t('layout.expect')}</h2>
            <ul className="mt-4 grid gap-3">
              {content.outcomes.map((outcome) => (
                <li key={outcome} className="flex gap-3 text-muted-foreground">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  {t(outcome)}
                </li>
              ))}
            </ul>
          </div>
        }
      >
        <Button asChild size="lg">
          <Link to={lp(content.cta.to)}>
            {t(content.cta.label)}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </PageHero>

      <Section
        id="what-you-get"
        eyebrow={t('layout.whatYouGet.eyebrow')}
        title={t('layout.whatYouGet.title')}
      >
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {content.deliverables.map((item) => (
            <li key={item} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
              <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                <CheckIcon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{title(item)}</h3>
                <p className="mt-1 text-muted-foreground">{description(item)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      {content.highlight && (
        <Section
          id="approach"
          eyebrow={t('layout.toolkit.eyebrow')}
          title={t(content.highlight.title)}
          intro={t(content.highlight.intro)}
          className="bg-muted"
        >
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {content.highlight.items.map((item) => (
              <li key={item} className="rounded-xl border bg-background p-6">
                <h3 className="text-lg font-semibold">{title(item)}</h3>
                <p className="mt-2 text-muted-foreground">{description(item)}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section
        id="how-it-works"
        eyebrow={t('layout.howItWorks.eyebrow')}
        title={t('layout.howItWorks.title')}
        className={content.highlight ? undefined : 'bg-muted'}
      >
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {content.steps.map((step, index) => (
            <li key={step} className="rounded-xl border bg-background p-6">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">{t('layout.step', { number: index + 1 })} </span>
                {title(step)}
              </h3>
              <p className="mt-2 text-muted-foreground">{description(step)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBand id="next-step" title={t(content.cta.title)} text={t(content.cta.text)}>
        <Button asChild size="lg" variant="secondary">
          <Link to={lp(content.cta.to)}>{t(content.cta.label)}</Link>
        </Button>
      </CtaBand>

      <nav aria-labelledby="other-services-title" className="border-t bg-muted">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="other-services-title" className="text-xl font-semibold">
            {t('layout.otherServices')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {others.map((page) => (
              <li key={page.to}>
                <Link
                  to={lp(page.to)}
                  className="inline-flex rounded-full border bg-background px-4 py-2 text-sm font-medium hover:bg-accent hover:text-accent-foreground"
                >
                  {tc(page.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </>
  );
}
