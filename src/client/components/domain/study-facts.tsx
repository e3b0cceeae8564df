import { BuildingIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '@/client/i18n/language';

/** One fact of a study card ("Pay", "Duration"…): an icon and a term over the value. */
export function StudyFact({
  icon,
  term,
  children,
}: {
  icon: ReactNode;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {icon}
        {term}
      </dt>
      <dd className="pl-5.5 text-sm font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The company a study is run for, under its title; nothing when there is none. */
export function StudyCompany({ company }: { company: string | null | undefined }) {
  const t = useT('ui');
  if (!company) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground wrap-anywhere">
      <BuildingIcon className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('study.company')} </span>
      {company}
    </p>
  );
}

/** What a study asks of its participants, set apart; nothing when it asks nothing. */
export function StudyRequirements({ requirements }: { requirements: string | null | undefined }) {
  const t = useT('ui');
  if (!requirements) return null;
  return (
    <div className="rounded-lg bg-muted p-3 text-sm">
      <p className="font-medium">{t('study.requirements')}</p>
      <p className="mt-1 whitespace-pre-line text-muted-foreground wrap-anywhere">{requirements}</p>
    </div>
  );
}
