import {
  AwardIcon,
  CheckIcon,
  HandshakeIcon,
  LightbulbIcon,
  MicroscopeIcon,
  SparklesIcon,
  TargetIcon,
  type LucideIcon,
  UserRoundCheckIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '@/client/components/layout/page-meta';
import { Island } from '@/client/components/layout/island';
import { AboutContactList } from '@/client/components/marketing/contact-lists';
import { CtaBand } from '@/client/components/marketing/cta-band';
import { IconTile } from '@/client/components/marketing/icon-tile';
import { PageHero } from '@/client/components/marketing/page-hero';
import { Section } from '@/client/components/marketing/section';
import { Button } from '@/client/components/ui/button';
import { useScrollToHash } from '@/client/lib/use-scroll-to-hash';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import type { MessageKey } from '@/shared/i18n/namespaces';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

type AboutKey = MessageKey<'about'>;

const essentials: { title: AboutKey; description: AboutKey; icon: LucideIcon }[] = [
  {
    title: 'essentials.leadership.title',
    description: 'essentials.leadership.description',
    icon: UserRoundCheckIcon,
  },
  {
    title: 'essentials.research.title',
    description: 'essentials.research.description',
    icon: MicroscopeIcon,
  },
  {
    title: 'essentials.innovation.title',
    description: 'essentials.innovation.description',
    icon: LightbulbIcon,
  },
];

const values: { title: AboutKey; description: AboutKey; icon: LucideIcon }[] = [
  {
    title: 'values.excellence.title',
    description: 'values.excellence.description',
    icon: AwardIcon,
  },
  {
    title: 'values.collaboration.title',
    description: 'values.collaboration.description',
    icon: HandshakeIcon,
  },
  { title: 'values.impact.title', description: 'values.impact.description', icon: TargetIcon },
  {
    title: 'values.innovation.title',
    description: 'values.innovation.description',
    icon: SparklesIcon,
  },
];

const readMoreClass = 'rounded-sm font-medium text-primary underline underline-offset-4';

export function AboutPage() {
  useScrollToHash();
  const t = useT('about');
  const lp = useLocalizedPath();
  const brand = site.name;
  const glance = [
    t('glance.city', { city: site.city }),
    t('glance.underOneRoof'),
    t('glance.community'),
  ];
  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description', { brand, city: site.city })}
        path={paths.about}
      />
      <PageHero
        eyebrow={t('hero.eyebrow', { brand })}
        title={t('hero.title')}
        intro={t('hero.intro')}
        aside={
          <div className="rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold">{t('glance.title', { brand })}</h2>
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
          <Link to={lp(paths.services)}>{t('cta.startProject')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.participantRegistration}>{t('cta.joinCommunity')}</Link>
        </Button>
      </PageHero>

      <Section id="who-we-are" eyebrow={t('whoWeAre.eyebrow')} title={t('whoWeAre.title')}>
        <div className="mt-8 grid gap-6 text-lg text-muted-foreground lg:grid-cols-2">
          <p>{t('whoWeAre.lifecycle', { brand })}</p>
          <p>{t('whoWeAre.community')}</p>
        </div>
      </Section>

      <Section
        id="essentials"
        eyebrow={t('essentials.eyebrow')}
        title={t('essentials.title')}
        className="bg-muted"
      >
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {essentials.map((item) => (
            <li key={item.title} className="rounded-xl border bg-background p-6">
              <IconTile icon={item.icon} />
              <h3 className="mt-5 text-lg font-semibold">{t(item.title)}</h3>
              <p className="mt-2 text-muted-foreground">{t(item.description)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="impact"
        eyebrow={t('impact.eyebrow')}
        title={t('impact.title')}
        intro={t('impact.intro')}
      >
        <dl className="mt-10 grid gap-6 md:grid-cols-3">
          <div className="flex flex-col rounded-xl border p-6">
            <dt className="text-muted-foreground">{t('impact.sales')}</dt>
            <dd className="order-first text-4xl font-bold tracking-tight text-primary">5×</dd>
          </div>
          <div className="flex flex-col rounded-xl border p-6">
            <dt className="text-muted-foreground">{t('impact.investment.label')}</dt>
            {/* A long word ("Multimillion-dollar") breaks at its hyphens instead of leaving the card. */}
            <dd className="order-first text-4xl font-bold tracking-tight text-primary hyphens-auto wrap-break-word">
              {t('impact.investment.value')}
            </dd>
          </div>
          <div className="flex flex-col rounded-xl border p-6">
            <dt className="text-muted-foreground">{t('impact.opportunities')}</dt>
            <dd className="order-first text-4xl font-bold tracking-tight text-primary">3×</dd>
          </div>
        </dl>
      </Section>

      <Section
        id="values"
        eyebrow={t('values.eyebrow')}
        title={t('values.title')}
        className="bg-muted"
      >
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <li key={value.title} className="rounded-xl border bg-background p-6">
              <IconTile icon={value.icon} />
              <h3 className="mt-5 text-lg font-semibold">{t(value.title)}</h3>
              <p className="mt-2 text-muted-foreground">{t(value.description)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="contact" eyebrow={t('contact.eyebrow')} title={t('contact.title')}>
        <Island name="about-contact">
          <AboutContactList />
        </Island>
      </Section>

      {/* The summaries stay here (older links point to /about#privacy and #terms); the pages say it all. */}
      <Section
        id="privacy"
        eyebrow={t('privacy.eyebrow')}
        title={t('privacy.title')}
        className="bg-muted"
      >
        <div className="mt-6 grid max-w-3xl gap-4 text-muted-foreground">
          <p>{t('privacy.use')}</p>
          <p>{t('privacy.rights')}</p>
          <p>
            <Link to={lp(paths.privacy)} className={readMoreClass}>
              {t('privacy.read')}
            </Link>
          </p>
        </div>
      </Section>

      <Section id="terms" eyebrow={t('terms.eyebrow')} title={t('terms.title')}>
        <div className="mt-6 grid max-w-3xl gap-4 text-muted-foreground">
          <p>{t('terms.consulting')}</p>
          <p>{t('terms.studies')}</p>
          <p>
            <Link to={lp(paths.terms)} className={readMoreClass}>
              {t('terms.read')}
            </Link>
          </p>
        </div>
      </Section>

      <CtaBand id="join" title={t('join.title')} text={t('join.text')}>
        <Button asChild size="lg" variant="secondary">
          <Link to={lp(paths.services)}>{t('cta.startProject')}</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-white bg-transparent text-white hover:bg-white/10 hover:text-white"
        >
          <Link to={paths.participantRegistration}>{t('cta.joinCommunity')}</Link>
        </Button>
      </CtaBand>
    </>
  );
}
