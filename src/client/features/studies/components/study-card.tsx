import { CalendarIcon, ClockIcon, UsersIcon, WalletIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StudyCompany, StudyFact, StudyRequirements } from '@/client/components/domain/study-facts';
import { StudyTags } from '@/client/components/domain/study-tags';
import { studyDates } from '@/client/lib/study-text';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/client/components/ui/card';
import { type Translate, useLanguage, useT } from '@/client/i18n/language';
import type { Language } from '@/shared/i18n/languages';
import { formatKes, studyPayCents, toCents } from '@/shared/rules/money';
import type { Study } from '@/shared/schemas/studies';

/** The study's dates as one phrase: "1 Jul 2025 – 15 Jul 2025", "From …", "Until …". */
function datesPhrase(study: Study, language: Language, t: Translate<'dashboard'>): string {
  const { start, end } = studyDates(study, language);
  if (start && end) return t('study.dateRange', { start, end });
  if (start) return t('study.dateFrom', { start });
  if (end) return t('study.dateUntil', { end });
  return t('study.datesTba');
}

/**
 * One study as participants see it (spec section 2, "Available Tests"): title, pay per
 * hour and duration, participants needed, dates, company, tags, description and the
 * total pay (pay rate x duration, KES, no decimals). `status` (the application's status,
 * or "Full") has its own line above the title, so it sits in the same place whatever the
 * title's length or the screen's width; `action` (Apply Now) sits in the footer. The card
 * takes the focus (not the Tab order) once its Apply Now button has done its work and gone.
 */
/** The id of a study's card: applying moves the focus there (its Apply Now button goes). */
export const studyCardId = (studyId: string) => `study-${studyId}`;

export function StudyCard({
  study,
  status,
  action,
}: {
  study: Study;
  status?: ReactNode;
  action?: ReactNode;
}) {
  const titleId = `study-${study.id}-title`;
  const t = useT('dashboard');
  const language = useLanguage();
  return (
    <Card
      id={studyCardId(study.id)}
      aria-labelledby={titleId}
      role="article"
      tabIndex={-1}
      className="flex flex-col outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <CardHeader className="gap-3">
        <div className="flex flex-col gap-1">
          {status ? (
            <div className="flex min-h-6 flex-wrap items-center gap-2" data-testid="study-status">
              {status}
            </div>
          ) : null}
          <CardTitle asChild className="text-lg">
            <h3 id={titleId} className="wrap-anywhere">
              {study.title}
            </h3>
          </CardTitle>
          <StudyCompany company={study.company} />
        </div>
        <StudyTags tags={study.tags} />
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-4">
        <p className="text-sm whitespace-pre-line wrap-anywhere">{study.description}</p>
        <dl className="grid gap-3 sm:grid-cols-2">
          <StudyFact
            icon={<WalletIcon className="size-4" aria-hidden="true" />}
            term={t('study.pay')}
          >
            {t('study.payRate', { rate: formatKes(toCents(study.payRate), language) })}
          </StudyFact>
          <StudyFact
            icon={<ClockIcon className="size-4" aria-hidden="true" />}
            term={t('study.duration')}
          >
            {t('study.hours', { count: study.duration })}
          </StudyFact>
          <StudyFact
            icon={<UsersIcon className="size-4" aria-hidden="true" />}
            term={t('study.participantsNeeded')}
          >
            {study.maxParticipants}
          </StudyFact>
          <StudyFact
            icon={<CalendarIcon className="size-4" aria-hidden="true" />}
            term={t('study.dates')}
          >
            {datesPhrase(study, language, t)}
          </StudyFact>
        </dl>
        <StudyRequirements requirements={study.requirements} />
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3 border-t pt-4">
        <p className="text-sm">
          <span className="text-muted-foreground">{t('study.totalPay')} </span>
          <span className="text-lg font-semibold" data-testid="study-total-pay">
            {formatKes(studyPayCents(study.payRate, study.duration), language)}
          </span>
        </p>
        {action}
      </CardFooter>
    </Card>
  );
}
