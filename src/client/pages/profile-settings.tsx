import { useQueryClient } from '@tanstack/react-query';
import { TitledCard } from '@/client/components/ui/titled-card';
import { ArrowLeftIcon, ShieldIcon, TriangleAlertIcon, UserRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { Avatar, AvatarFallback, AvatarImage } from '@/client/components/ui/avatar';
import { Badge } from '@/client/components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { toast } from '@/client/components/ui/use-toast';
import { sessionKeys } from '@/client/api/auth/keys';
import { initialsOf } from '@/client/features/auth/components/user-menu';
import { clearStoredUser } from '@/client/lib/stored-user';
import { displayNameOf, isAdminUser, useAuth } from '@/client/features/auth/use-auth';
import type { SignInRequiredState } from '@/client/features/auth/components/required-user-gate';
import { AdminProfileForm } from '@/client/features/admin-admins/components/admin-profile-form';
import { TwoFactorSection } from '@/client/features/admin-admins/components/two-factor-section';
import { AccountProfileForm } from '@/client/features/participants/components/account-profile-form';
import { ChangePasswordForm } from '@/client/features/participants/components/change-password-form';
import { DeleteAccountDialog } from '@/client/features/participants/components/delete-account-dialog';
import { DownloadDataButton } from '@/client/features/participants/components/download-data-button';
import { InvitationSettings } from '@/client/features/participants/components/invitation-settings';
import { LanguageSetting } from '@/client/features/participants/components/language-setting';
import { useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';
import type { SessionAnswer, SessionUser } from '@/shared/schemas/auth';

type Tab = 'profile' | 'security';

const roleKeys = {
  participant: 'role.participant',
  admin: 'role.admin',
  super_admin: 'role.super_admin',
} as const satisfies Record<SessionUser['role'], string>;

/** Stands for the link in the sentence around it, which is then cut in two around it. */
const LINK = '\u0000';

/** /profile/settings (spec section 2): for participants and admins; no user goes to /login. */
export function ProfileSettingsPage() {
  const t = useT('profile');
  // The study invitation choices' words, with the page.
  useT('recruiting');
  const auth = useAuth();
  // After deleting the account the session is gone: go home, not to the sign-in page.
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <Navigate to={paths.home} replace />;
  if (auth.loading) return <PageLoading label={t('settings.loading')} />;
  if (!auth.user) {
    const state: SignInRequiredState = { signInRequired: true };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return (
    <ProfileSettings
      user={auth.user}
      isAdmin={isAdminUser(auth.user, auth.userType)}
      onDeleted={() => setDeleted(true)}
    />
  );
}

function ProfileSettings({
  user,
  isAdmin,
  onDeleted,
}: {
  user: SessionUser;
  isAdmin: boolean;
  onDeleted: () => void;
}) {
  const t = useT('profile');
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'security' ? 'security' : 'profile';
  const dashboard = isAdmin ? paths.adminDashboard : paths.participantDashboard;
  const fullName = displayNameOf(user);
  const [moreBefore = '', moreAfter = ''] = t('settings.more', { link: LINK }).split(LINK);

  const refreshSession = () =>
    void queryClient.invalidateQueries({ queryKey: sessionKeys.session });

  function afterDeletion() {
    onDeleted();
    // The server has ended the session; forget this person's data in the browser too.
    clearStoredUser();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.session[0] });
    queryClient.setQueryData<SessionAnswer>(sessionKeys.session, { user: null, userType: null });
    toast({ title: t('settings.deleted.title'), description: t('settings.deleted.description') });
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{pageTitle(t('settings.title'))}</title>
      <Link
        to={dashboard}
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('settings.back')}
      </Link>

      <div className="mt-6 flex items-center gap-4">
        <Avatar className="size-16">
          {user.profilePhoto && <AvatarImage src={user.profilePhoto} alt="" />}
          <AvatarFallback className="text-xl">{initialsOf(user)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
            {t('settings.title')}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground">
            <span className="wrap-anywhere">{fullName}</span>
            <Badge variant={isAdmin ? 'default' : 'info'} data-testid="role-label">
              {t(roleKeys[user.role] ?? (isAdmin ? 'role.admin' : 'role.participant'))}
            </Badge>
          </p>
        </div>
      </div>

      <Tabs
        value={tab}
        onValueChange={(next) =>
          setSearchParams(next === 'security' ? { tab: 'security' } : {}, { replace: true })
        }
        className="mt-8"
      >
        <TabsList className="grid w-full grid-cols-2 sm:w-fit">
          <TabsTrigger value="profile" className="gap-1.5 sm:px-6">
            <UserRoundIcon aria-hidden="true" className="size-4" />
            {t('settings.tab.profile')}
          </TabsTrigger>
          <TabsTrigger value="security" className="gap-1.5 sm:px-6">
            <ShieldIcon aria-hidden="true" className="size-4" />
            {t('settings.tab.security')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="profile">
          <TitledCard
            title={t('settings.account.title')}
            description={t(
              isAdmin ? 'settings.account.descriptionAdmin' : 'settings.account.description',
            )}
          >
            {isAdmin ? (
              <AdminProfileForm
                defaults={{
                  firstName: user.firstName,
                  lastName: user.lastName,
                  email: user.email,
                  phone: user.phone,
                }}
                onSaved={refreshSession}
              />
            ) : (
              <AccountProfileForm
                defaults={{
                  firstName: user.firstName,
                  lastName: user.lastName,
                  email: user.email,
                  phone: user.phone ?? '',
                }}
                onSaved={refreshSession}
              />
            )}
          </TitledCard>
          {!isAdmin && (
            <>
              <p className="mt-4 text-sm text-muted-foreground">
                {moreBefore}
                <Link
                  to={`${paths.participantDashboard}?tab=profile`}
                  className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('settings.more.link')}
                </Link>
                {moreAfter}
              </p>
              <div className="mt-6">
                <LanguageSetting participantId={user.id} onSaved={refreshSession} />
              </div>
              <div className="mt-6">
                <InvitationSettings />
              </div>
            </>
          )}
        </TabsContent>

        <TabsContent value="security" className="grid gap-6">
          <TitledCard title={t('password.change')} description={t('settings.password.description')}>
            <ChangePasswordForm target={{ userType: isAdmin ? 'admin' : 'participant' }} />
          </TitledCard>

          {isAdmin && <TwoFactorSection />}

          {!isAdmin && (
            <TitledCard
              title={t('settings.data.title')}
              description={t('settings.data.description')}
            >
              <DownloadDataButton />
            </TitledCard>
          )}

          <Card className="border-destructive/50">
            <CardHeader>
              <CardTitle asChild className="flex items-center gap-2 text-lg text-destructive">
                <h2>
                  <TriangleAlertIcon className="size-5" aria-hidden="true" />
                  {t('settings.danger.title')}
                </h2>
              </CardTitle>
              <CardDescription>
                {t(isAdmin ? 'settings.danger.admin' : 'settings.danger.participant')}
              </CardDescription>
            </CardHeader>
            {!isAdmin && (
              <CardContent>
                <DeleteAccountDialog participantId={user.id} onDeleted={afterDeletion} />
              </CardContent>
            )}
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
