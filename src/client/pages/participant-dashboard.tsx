import { useQueryClient } from '@tanstack/react-query';
import { TitledCard } from '@/client/components/ui/titled-card';
import { ClipboardListIcon, FlaskConicalIcon, SettingsIcon, UserRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { Skeleton } from '@/client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { useApplications } from '@/client/api/applications/get-applications';
import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';
import { ApplyButton } from '@/client/features/applications/components/apply-button';
import { MyApplications } from '@/client/features/applications/components/my-applications';
import { ApplicationBooking } from '@/client/features/bookings/components/application-booking';
import { UpcomingTestsCard } from '@/client/features/applications/components/upcoming-tests-card';
import { sessionKeys } from '@/client/api/auth/keys';
import { LogoutButton } from '@/client/features/auth/components/logout-button';
import { initialsOf } from '@/client/features/auth/components/user-menu';
import { greetingNameOf } from '@/client/features/auth/use-auth';
import { RequiredUserGate } from '@/client/features/auth/components/required-user-gate';
import { useParticipant } from '@/client/api/participants/get-participant';
import { AccountSummary } from '@/client/features/participants/components/account-summary';
import { DownloadDataButton } from '@/client/features/participants/components/download-data-button';
import { EarningsCard } from '@/client/features/participants/components/earnings-card';
import { PayoutNumberCard } from '@/client/features/participants/components/payout-number-card';
import { PhotoUpload } from '@/client/features/participants/components/photo-upload';
import { ProfileCompletionCard } from '@/client/features/participants/components/profile-completion-card';
import { ProfileForm } from '@/client/features/participants/components/profile-form';
import { ResearchProfileCard } from '@/client/features/participants/components/research-profile-card';
import { ConsentRenewalDialog } from '@/client/features/participants/components/consent-renewal-dialog';
import {
  POSTPONED_REASON_ID,
  StudiesNotices,
  useStudiesState,
} from '@/client/features/studies/components/studies-notices';
import { type StudyCardParts, StudyList } from '@/client/features/studies/components/study-list';
import { studyCardId } from '@/client/features/studies/components/study-card';
import { isStudyFull } from '@/shared/rules/capacity';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { pageTitle } from '@/client/lib/page-title';
import { useTabParam } from '@/client/lib/use-tab-param';
import { paths } from '@/shared/paths';
import type { SessionUser } from '@/shared/schemas/auth';
import type { Study } from '@/shared/schemas/studies';

const tabs = ['tests', 'applications', 'profile'] as const;

const sectionTitleClass = 'text-xl font-semibold tracking-tight';

/** /participant/dashboard (spec section 2): Available Tests, My Applications, Profile Settings. */
export function ParticipantDashboardPage() {
  const t = useT('dashboard');
  return (
    <RequiredUserGate kind="participant" loadingLabel={t('loading')}>
      {(user) => <Dashboard user={user} />}
    </RequiredUserGate>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  // "Complete your profile" switches tabs from inside a panel that goes away: it asks
  // for the focus to follow.
  const { tab, selectTab, tabsListRef } = useTabParam(tabs);
  const t = useT('dashboard');
  // Loaded with the page, not by the parts that appear later (the research profile, Apply's
  // screener and its checks, the Profile tab's form): a catalogue asked for then would blank
  // the page while it loads, and drop the keyboard focus with it.
  useT('recruiting');
  useT('validation');
  useT('profile');
  const queryClient = useQueryClient();
  const participant = useParticipant(user.id);
  const applications = useApplications();
  const studiesState = useStudiesState();

  // The navbar's avatar and name come from the session: refresh it after a change.
  const refreshSession = () =>
    void queryClient.invalidateQueries({ queryKey: sessionKeys.session });

  // Held (a placeholder) until both the applications and the setting are known, so no
  // Apply button shows that the next moment takes away.
  function partsFor(study: Study): StudyCardParts {
    if (applications.isPending || studiesState === 'loading') {
      return { action: <Skeleton className="h-10 w-28" aria-hidden="true" /> };
    }
    const application = applications.data?.applications.find((a) => a.testId === study.id);
    if (application?.status === 'disqualified') {
      // A screener answer (or staff) ruled the application out: said kindly, never "rejected".
      return {
        status: (
          <Badge variant="secondary" data-status="disqualified">
            {t('study.notMatched')}
          </Badge>
        ),
        action: <p className="text-sm text-muted-foreground">{t('application.notMatched')}</p>,
      };
    }
    if (application) {
      const status = <ApplicationStatusBadge status={application.status} />;
      // Selected or booked: the session is chosen and shown under My Applications, which
      // this card would otherwise not point to.
      const next =
        application.status === 'selected'
          ? t('study.chooseSession')
          : application.status === 'scheduled' && application.session
            ? t('study.seeSession')
            : null;
      if (!next) return { status };
      return {
        status,
        action: (
          <Button variant="outline" onClick={() => selectTab('applications', { focus: true })}>
            {next}
          </Button>
        ),
      };
    }
    if (isStudyFull(study)) {
      return {
        status: (
          <Badge variant="secondary" data-status="full">
            {t('study.full')}
          </Badge>
        ),
        action: <p className="text-sm text-muted-foreground">{t('study.fullHint')}</p>,
      };
    }
    return {
      action: (
        <ApplyButton
          participantId={user.id}
          study={study}
          closedReasonId={studiesState === 'postponed' ? POSTPONED_REASON_ID : undefined}
          onApplied={() => document.getElementById(studyCardId(study.id))?.focus()}
        />
      ),
    };
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{pageTitle(t('title'))}</title>
      <ConsentRenewalDialog />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">
            {t('welcome', { name: greetingNameOf(user) })}
          </h1>
          <p className="mt-2 text-muted-foreground">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={paths.profileSettings}>
              <SettingsIcon aria-hidden="true" />
              {t('accountSettings')}
            </Link>
          </Button>
          <LogoutButton />
        </div>
      </div>

      <Tabs value={tab} onValueChange={(next) => selectTab(next)} className="mt-8">
        <TabsList ref={tabsListRef} className="grid h-auto w-full grid-cols-3 sm:w-fit">
          <TabsTrigger value="tests" className="gap-1.5 px-2 py-1.5 whitespace-normal sm:px-4">
            <FlaskConicalIcon className="hidden size-4 sm:block" aria-hidden="true" />
            {t('tab.tests')}
          </TabsTrigger>
          <TabsTrigger
            value="applications"
            className="gap-1.5 px-2 py-1.5 whitespace-normal sm:px-4"
          >
            <ClipboardListIcon className="hidden size-4 sm:block" aria-hidden="true" />
            {t('tab.applications')}
          </TabsTrigger>
          <TabsTrigger value="profile" className="gap-1.5 px-2 py-1.5 whitespace-normal sm:px-4">
            <UserRoundIcon className="hidden size-4 sm:block" aria-hidden="true" />
            {t('tab.profile')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="tests" className="grid gap-6">
          {participant.isPending ? (
            <Skeleton className="h-40 w-full rounded-xl" aria-hidden="true" />
          ) : participant.data ? (
            <>
              <ProfileCompletionCard
                participant={participant.data.participant}
                onCompleteProfile={() => selectTab('profile', { focus: true })}
              />
              <ResearchProfileCard
                participant={participant.data.participant}
                onFillIn={() => selectTab('profile', { focus: true })}
              />
            </>
          ) : null}
          <section aria-labelledby="available-tests-title" className="grid gap-4">
            <h2 id="available-tests-title" className={sectionTitleClass}>
              {t('section.tests')}
            </h2>
            <StudiesNotices state={studiesState} />
            <StudyList
              partsFor={partsFor}
              onCompleteProfile={() => selectTab('profile', { focus: true })}
            />
          </section>
        </TabsContent>

        <TabsContent value="applications">
          <section aria-labelledby="my-applications-title" className="grid gap-4">
            <h2 id="my-applications-title" className={sectionTitleClass}>
              {t('section.applications')}
            </h2>
            <MyApplications
              onFindStudies={() => selectTab('tests', { focus: true })}
              renderExtra={(application, focusCard) => (
                <ApplicationBooking application={application} onDone={focusCard} />
              )}
            />
          </section>
        </TabsContent>

        <TabsContent value="profile">
          <h2 className="sr-only">{t('section.profile')}</h2>
          {participant.isPending ? (
            <LoadingList label={t('profile.loading')} count={2} itemClassName="h-64" />
          ) : participant.isError ? (
            <ErrorState
              title={t('profile.error')}
              message={errorMessageOf(participant.error, t('tryAgain'))}
              onRetry={() => void participant.refetch()}
              retrying={participant.isFetching}
            />
          ) : (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
              <div className="grid gap-6">
                <TitledCard
                  title={t('photo.title')}
                  heading="h3"
                  description={t('photo.description')}
                >
                  <PhotoUpload
                    participantId={user.id}
                    photoUrl={participant.data.participant.profilePhoto}
                    initials={initialsOf(participant.data.participant)}
                    onUploaded={refreshSession}
                  />
                </TitledCard>
                <TitledCard
                  title={t('account.title')}
                  heading="h3"
                  description={t('account.description')}
                >
                  <AccountSummary participant={participant.data.participant} />
                </TitledCard>
                <TitledCard
                  title={t('personal.title')}
                  heading="h3"
                  description={t('personal.description')}
                >
                  <ProfileForm
                    key={participant.data.participant.id}
                    participant={participant.data.participant}
                    onSaved={refreshSession}
                  />
                </TitledCard>
              </div>
              <div className="grid gap-6">
                <UpcomingTestsCard />
                <PayoutNumberCard participant={participant.data.participant} />
                <EarningsCard />
                <TitledCard
                  title={t('data.title')}
                  heading="h3"
                  description={t('data.description')}
                  contentClassName="grid justify-items-start gap-3"
                >
                  <DownloadDataButton />
                  <Link
                    to={`${paths.profileSettings}?tab=security`}
                    className="rounded-sm text-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
                  >
                    {t('data.deleteLink')}
                  </Link>
                </TitledCard>
              </div>
            </div>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
