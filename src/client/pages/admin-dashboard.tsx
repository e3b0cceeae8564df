import { SettingsIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Tabs, TabsContent, TabsTrigger } from '@/client/components/ui/tabs';
import { AdminTabStrip } from '@/client/components/layout/admin-tab-strip';
import { type AdminTab, adminTabIds, adminTabs } from '@/client/lib/admin-tabs';
import { AdminsTab } from '@/client/features/admin-admins/components/admins-tab';
import { ActivityTab } from '@/client/features/admin-activity/components/activity-tab';
import { AdminApplicationsTab } from '@/client/features/applications/components/admin-applications-tab';
import { NotificationBell } from '@/client/features/admin-notifications/components/notification-bell';
import { OverviewTab } from '@/client/features/admin-overview/components/overview-tab';
import { OutboxTab } from '@/client/features/admin-outbox/components/outbox-tab';
import { ParticipantsTab } from '@/client/features/admin-participants/components/participants-tab';
import { PaymentsArea } from '@/client/features/admin-payments/components/payments-area';
import { RequestsTab } from '@/client/features/admin-requests/components/requests-tab';
import { SettingsTab } from '@/client/features/admin-settings/components/settings-tab';
import { StudiesPostponedNotice } from '@/client/features/admin-settings/components/studies-postponed-notice';
import { StudiesTab } from '@/client/features/admin-studies/components/studies-tab';
import { LogoutButton } from '@/client/features/auth/components/logout-button';
import { greetingNameOf } from '@/client/features/auth/use-auth';
import {
  ChangePasswordForm,
  type ChangePasswordTexts,
} from '@/client/features/participants/components/change-password-form';
import { RequiredUserGate } from '@/client/features/auth/components/required-user-gate';
import { useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';
import { useTabParam } from '@/client/lib/use-tab-param';
import { paths } from '@/shared/paths';
import type { SessionUser } from '@/shared/schemas/auth';

/** Spec section 5 "Admin change password" and section 8's admin texts. */
const adminPasswordTexts: ChangePasswordTexts = {
  success: 'Your other sessions were signed out. Use the new password next time.',
  failureTitle: 'Failed to update password',
  failureDefault: 'Current password is incorrect.',
  invalid: 'Please provide current password and new password (min 6 characters)',
};

/** /admin/dashboard (spec section 2): the staff's console, one tab per part of the business. */
export function AdminDashboardPage() {
  return (
    <RequiredUserGate kind="admin" loadingLabel="Loading your dashboard…">
      {(user) => <Dashboard user={user} />}
    </RequiredUserGate>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  // The shared account texts (the password form, the participant dialog's Delete) load with
  // the console: a tab or dialog that waited for them would suspend the page and drop the
  // keyboard focus (an arrow key along the tabs, a View button).
  useT('profile');
  // The research profile's words (participant filters, detail dialog, study criteria).
  useT('recruiting');
  const { tab, selectTab, tabsListRef } = useTabParam(adminTabIds);
  const openTab = (next: AdminTab) => selectTab(next, { focus: true });
  const label = adminTabs.find((t) => t.id === tab)?.label ?? 'Overview';

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(`${label} · Admin dashboard`)}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground wrap-anywhere">
            {user.firstName.trim()
              ? `Welcome, ${greetingNameOf(user)} · ${user.email}`
              : `Signed in as ${user.email}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <NotificationBell onOpenTab={openTab} />
          <Button asChild variant="outline" size="sm">
            <Link to={paths.profileSettings}>
              <SettingsIcon aria-hidden="true" />
              Account settings
            </Link>
          </Button>
          <LogoutButton />
        </div>
      </div>

      {tab !== 'settings' && (
        <div className="mt-6">
          <StudiesPostponedNotice onOpenSettings={() => openTab('settings')} />
        </div>
      )}

      <Tabs value={tab} onValueChange={(next) => selectTab(next)} className="mt-8">
        <AdminTabStrip label="Admin sections" value={tab} listRef={tabsListRef}>
          {adminTabs.map((t) => (
            <TabsTrigger key={t.id} value={t.id} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </AdminTabStrip>
        <TabsContent value="overview">
          <OverviewTab onOpenTab={openTab} />
        </TabsContent>
        <TabsContent value="participants">
          <ParticipantsTab />
        </TabsContent>
        <TabsContent value="tests">
          <StudiesTab />
        </TabsContent>
        <TabsContent value="applications">
          <AdminApplicationsTab />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsArea />
        </TabsContent>
        <TabsContent value="admins">
          <AdminsTab
            currentAdminId={user.id}
            passwordForm={
              <ChangePasswordForm target={{ adminId: user.id }} texts={adminPasswordTexts} />
            }
          />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab />
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
