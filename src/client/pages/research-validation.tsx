import {
  ClipboardListIcon,
  FileBarChartIcon,
  LayoutTemplateIcon,
  LightbulbIcon,
  type LucideIcon,
  MonitorSmartphoneIcon,
  SmartphoneIcon,
  TargetIcon,
  TrendingUpIcon,
  SwordsIcon,
  UsersIcon,
} from 'lucide-react';
import { Island } from '@/client/components/layout/island';
import { PageMeta } from '@/client/components/layout/page-meta';
import { useT } from '@/client/i18n/language';
import { Button } from '@/client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ResearchRequestForm } from '@/client/features/leads/components/research-request-form';
import { ResearchTalkFirst } from '@/client/features/leads/components/lead-contacts';
import { paths } from '@/shared/paths';
import type { MessageKey } from '@/shared/i18n/namespaces';

/** A message of the `research` catalogue. */
type Key = MessageKey<'research'>;

const FORM_ID = 'request-research';

const validated = [
  {
    icon: LightbulbIcon,
    title: 'validated.concepts.title',
    text: 'validated.concepts.text',
  },
  {
    icon: LayoutTemplateIcon,
    title: 'validated.design.title',
    text: 'validated.design.text',
  },
  {
    icon: SmartphoneIcon,
    title: 'validated.mobile.title',
    text: 'validated.mobile.text',
  },
  {
    icon: MonitorSmartphoneIcon,
    title: 'validated.web.title',
    text: 'validated.web.text',
  },
  {
    icon: TrendingUpIcon,
    title: 'validated.market.title',
    text: 'validated.market.text',
  },
  {
    icon: SwordsIcon,
    title: 'validated.competition.title',
    text: 'validated.competition.text',
  },
] as const satisfies readonly { icon: LucideIcon; title: Key; text: Key }[];

const steps = [
  {
    icon: ClipboardListIcon,
    title: 'process.brief.title',
    text: 'process.brief.text',
  },
  {
    icon: TargetIcon,
    title: 'process.design.title',
    text: 'process.design.text',
  },
  {
    icon: UsersIcon,
    title: 'process.participants.title',
    text: 'process.participants.text',
  },
  {
    icon: FileBarChartIcon,
    title: 'process.answers.title',
    text: 'process.answers.text',
  },
] as const satisfies readonly { icon: LucideIcon; title: Key; text: Key }[];

/** /research-validation (spec section 2, "Research validation"). */
export function ResearchValidationPage() {
  const t = useT('research');
  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        path={paths.researchValidation}
      />

      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            {t('hero.eyebrow')}
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{t('hero.intro')}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href={`#${FORM_ID}`}>{t('hero.cta')}</a>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="validated-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="validated-heading" className="text-3xl font-bold tracking-tight">
            {t('validated.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">{t('validated.intro')}</p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {validated.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon className="size-8 text-primary" aria-hidden="true" />
                    <CardTitle asChild>
                      <h3 className="mt-2 text-lg">{t(title)}</h3>
                    </CardTitle>
                    <CardDescription className="text-base">{t(text)}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="process-heading" className="bg-muted py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="process-heading" className="text-3xl font-bold tracking-tight">
            {t('process.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">{t('process.intro')}</p>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="rounded-xl border bg-background p-6 shadow-sm">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold">
                  <span className="sr-only">{t('process.step', { number: index + 1 })} </span>
                  {t(title)}
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{t(text)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id={FORM_ID} aria-labelledby="request-heading" className="scroll-mt-16 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div>
            <h2 id="request-heading" className="text-3xl font-bold tracking-tight">
              {t('request.title')}
            </h2>
            <p className="mt-3 text-muted-foreground">{t('request.intro')}</p>
            <Island name="research-contact">
              <ResearchTalkFirst />
            </Island>
          </div>
          <Card>
            <CardContent className="pt-6">
              <Island name="research-form">
                <ResearchRequestForm />
              </Island>
            </CardContent>
          </Card>
        </div>
      </section>
    </>
  );
}
