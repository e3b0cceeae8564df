import type { ReactNode } from 'react';
import { Island } from '@/client/components/layout/island';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { useT } from '@/client/i18n/language';
import type { MessageKey } from '@/shared/i18n/namespaces';
import { CompanyInquiryForm } from './company-inquiry-form';
import { InquiryContactList } from './lead-contacts';

const nextSteps = [
  { title: 'inquiry.step1.title', text: 'inquiry.step1.text' },
  { title: 'inquiry.step2.title', text: 'inquiry.step2.text' },
  { title: 'inquiry.step3.title', text: 'inquiry.step3.text' },
] as const satisfies readonly { title: MessageKey<'leads'>; text: MessageKey<'leads'> }[];

/**
 * The company inquiry screen, served at /company-inquiry and at /client-request
 * (the services page's closing button) with a heading that fits each entry point.
 */
export function InquiryPage({
  eyebrow,
  heading,
  intro,
}: {
  eyebrow: string;
  heading: string;
  intro: ReactNode;
}) {
  const t = useT('leads');
  return (
    <div className="bg-gradient-to-b from-accent to-background">
      {/* Narrow screens: intro, form, then the details; wide screens: the form on the right. */}
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_1fr] lg:gap-x-14">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {heading}
          </h1>
          <div className="mt-4 text-lg text-muted-foreground">{intro}</div>
        </div>

        <Card className="h-fit lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('inquiry.formTitle')}</h2>
            </CardTitle>
            <CardDescription>{t('inquiry.formDescription')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Island name="inquiry-form">
              <CompanyInquiryForm />
            </Island>
          </CardContent>
        </Card>

        <div className="lg:col-start-1 lg:row-start-2">
          <h2 className="text-lg font-semibold">{t('inquiry.nextSteps')}</h2>
          <ol className="mt-4 grid gap-4">
            {nextSteps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-medium">{t(step.title)}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{t(step.text)}</p>
                </div>
              </li>
            ))}
          </ol>

          <h2 className="mt-10 text-lg font-semibold">{t('inquiry.contactTitle')}</h2>
          <Island name="inquiry-contact">
            <InquiryContactList />
          </Island>
        </div>
      </div>
    </div>
  );
}
