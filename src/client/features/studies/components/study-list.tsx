import { FlaskConicalIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import type { Study } from '@/shared/schemas/studies';
import { useStudies } from '@/client/api/studies/get-studies';
import { useT } from '@/client/i18n/language';
import { StudyCard } from './study-card';

export type StudyCardParts = { status?: ReactNode; action?: ReactNode };

/** The active studies, each with the status line and action the caller gives it. */
export function StudyList({ partsFor }: { partsFor: (study: Study) => StudyCardParts }) {
  const studies = useStudies();
  const t = useT('dashboard');

  if (studies.isPending) {
    return (
      <LoadingList
        label={t('studies.loading')}
        count={2}
        itemClassName="h-64"
        className="lg:grid-cols-2"
      />
    );
  }
  if (studies.isError) {
    return (
      <ErrorState
        title={t('studies.error')}
        message={errorMessageOf(studies.error, t('tryAgain'))}
        onRetry={() => void studies.refetch()}
        retrying={studies.isFetching}
      />
    );
  }
  const list = studies.data.tests;
  if (list.length === 0) {
    return (
      <EmptyState icon={<FlaskConicalIcon className="size-8" aria-hidden="true" />}>
        <p>{t('studies.empty')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {list.map((study) => (
        <StudyCard key={study.id} study={study} {...partsFor(study)} />
      ))}
    </div>
  );
}
