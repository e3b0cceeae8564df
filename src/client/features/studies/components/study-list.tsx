import { FlaskConicalIcon } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import type { Study } from '@/shared/schemas/studies';
import { paths } from '@/shared/paths';
import { useStudies } from '@/client/api/studies/get-studies';
import { useT } from '@/client/i18n/language';
import { StudyCard } from './study-card';

export type StudyCardParts = { status?: ReactNode; action?: ReactNode };

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * "N more studies need a fuller profile" and the way to the research profile
 * (decisions.md section 10): said when empty profile fields alone keep studies away.
 */
function HiddenForProfile({
  count,
  onCompleteProfile,
}: {
  count: number;
  onCompleteProfile: () => void;
}) {
  const t = useT('dashboard');
  return (
    <p className="text-sm" data-testid="studies-hidden-for-profile">
      {t('studies.hiddenForProfile', { count })}{' '}
      <Link
        to={`${paths.participantDashboard}?tab=profile`}
        className={linkClass}
        onClick={(event: MouseEvent) => {
          // The dashboard switches tabs itself, and moves the focus with it.
          event.preventDefault();
          onCompleteProfile();
        }}
      >
        {t('studies.hiddenLink')}
      </Link>
    </p>
  );
}

/**
 * The active studies that fit the participant, each with the status line and action the
 * caller gives it; when studies are kept away by empty profile fields, how many, with the
 * way to `onCompleteProfile`.
 */
export function StudyList({
  partsFor,
  onCompleteProfile,
}: {
  partsFor: (study: Study) => StudyCardParts;
  onCompleteProfile: () => void;
}) {
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
  const { tests: list, hiddenCount = 0, hiddenForProfile = 0 } = studies.data;
  const hidden =
    hiddenForProfile > 0 ? (
      <HiddenForProfile count={hiddenForProfile} onCompleteProfile={onCompleteProfile} />
    ) : null;
  if (list.length === 0) {
    return (
      <EmptyState icon={<FlaskConicalIcon className="size-8" aria-hidden="true" />}>
        <p>{hiddenCount > 0 ? t('studies.emptyForYou') : t('studies.empty')}</p>
        {hidden && <div className="mt-2">{hidden}</div>}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      {/* Above the cards: on a phone, below them it is thousands of pixels down. */}
      {hidden && <div className="rounded-md bg-muted px-3 py-2">{hidden}</div>}
      <div className="grid gap-4 lg:grid-cols-2">
        {list.map((study) => (
          <StudyCard key={study.id} study={study} {...partsFor(study)} />
        ))}
      </div>
    </div>
  );
}
