import {
  ClipboardListIcon,
  FileBarChartIcon,
  LayoutTemplateIcon,
  LightbulbIcon,
  MailIcon,
  MonitorSmartphoneIcon,
  PhoneIcon,
  SmartphoneIcon,
  TargetIcon,
  TrendingUpIcon,
  SwordsIcon,
  UsersIcon,
} from 'lucide-react';
import { telHref } from '@/client/lib/tel-href';
import { PageMeta } from '@/client/components/layout/page-meta';
import { Button } from '@/client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ResearchRequestForm } from '@/client/features/leads/components/research-request-form';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

const description =
  'Test product concepts, designs, apps and markets with real users before you invest. Request a research study: we recruit participants, run the sessions and report what to do next.';

const FORM_ID = 'request-research';

const validated = [
  {
    icon: LightbulbIcon,
    title: 'Product concepts',
    text: 'Find out whether the problem is real and whether people would pay for your answer to it, before a line of code is written.',
  },
  {
    icon: LayoutTemplateIcon,
    title: 'Design and UX',
    text: 'Watch people use your prototype or live product, and see where they hesitate, get lost or give up.',
  },
  {
    icon: SmartphoneIcon,
    title: 'Mobile apps',
    text: 'Sessions on the phones your customers really use, from onboarding to the features that keep them coming back.',
  },
  {
    icon: MonitorSmartphoneIcon,
    title: 'Web apps',
    text: 'Task-based tests of sign-up, checkout, dashboards and every flow that decides whether a visitor converts.',
  },
  {
    icon: TrendingUpIcon,
    title: 'Market demand',
    text: 'Interviews and surveys that size the opportunity and show which segment to serve first.',
  },
  {
    icon: SwordsIcon,
    title: 'Competitive position',
    text: 'How your product compares with the alternatives people already use, in their own words.',
  },
] as const;

const steps = [
  {
    icon: ClipboardListIcon,
    title: 'Share your brief',
    text: 'Tell us what you are building, who it is for and the decision the research must inform. We reply within 24 hours.',
  },
  {
    icon: TargetIcon,
    title: 'We design the study',
    text: 'Our researchers choose the method (interviews, usability sessions, surveys) and agree the participant profile, timeline and budget with you.',
  },
  {
    icon: UsersIcon,
    title: 'Real users take part',
    text: 'We recruit matching participants from our research community, run the sessions and pay every participant for their time.',
  },
  {
    icon: FileBarChartIcon,
    title: 'You get clear answers',
    text: 'A report of what we saw and heard, what it means, and the changes to make first, presented to your team.',
  },
] as const;

const contactLinkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline wrap-anywhere';

/** /research-validation (spec section 2, "Research validation"). */
export function ResearchValidationPage() {
  return (
    <>
      <PageMeta
        title="Research Validation"
        description={description}
        path={paths.researchValidation}
      />

      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Research validation
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Validate your product with real users before you invest
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-muted-foreground">
            Guesswork is expensive. We put your concept, design or app in front of the people you
            are building for, and tell you what works, what does not, and what to change first.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href={`#${FORM_ID}`}>Request a study</a>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="validated-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="validated-heading" className="text-3xl font-bold tracking-tight">
            What we validate
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Every study answers a concrete question about your product, with evidence from the
            people who will use it.
          </p>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {validated.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon className="size-8 text-primary" aria-hidden="true" />
                    <CardTitle asChild>
                      <h3 className="mt-2 text-lg">{title}</h3>
                    </CardTitle>
                    <CardDescription className="text-base">{text}</CardDescription>
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
            How it works
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Four steps from your question to a decision you can defend.
          </p>
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
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id={FORM_ID} aria-labelledby="request-heading" className="scroll-mt-16 py-16">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div>
            <h2 id="request-heading" className="text-3xl font-bold tracking-tight">
              Request a research study
            </h2>
            <p className="mt-3 text-muted-foreground">
              Tell us what you want to learn. Our research team will contact you within 24 hours to
              plan the study with you.
            </p>
            <h3 className="mt-8 font-semibold">Prefer to talk first?</h3>
            <ul className="mt-3 grid gap-3 text-sm">
              <li className="flex items-center gap-3">
                <MailIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <a href={`mailto:${site.email}`} className={contactLinkClass}>
                  {site.email}
                </a>
              </li>
              <li className="flex items-center gap-3">
                <PhoneIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <a href={telHref(site.phone)} className={contactLinkClass}>
                  {site.phone}
                </a>
              </li>
            </ul>
          </div>
          <Card>
            <CardContent className="pt-6">
              <ResearchRequestForm />
            </CardContent>
          </Card>
        </div>
      </section>
    </>
  );
}
