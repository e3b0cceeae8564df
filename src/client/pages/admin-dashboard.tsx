import { SettingsIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { Button } from '@/client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { type AdminTab, adminTabs, isAdminTab } from '@/client/lib/admin-tabs';
import { AdminsTab } from '@/client/features/admin-admins/components/admins-tab';
import { ActivityTab } from '@/client/features/admin-activity/components/activity-tab';
import { AdminApplicationsTab } from '@/client/features/applications/components/admin-applications-tab';
import { NotificationBell } from '@/client/features/admin-notifications/components/notification-bell';
import { OverviewTab } from '@/client/features/admin-overview/components/overview-tab';
import { ParticipantsTab } from '@/client/features/admin-participants/components/participants-tab';
import { PaymentsTab } from '@/client/features/admin-payments/components/payments-tab';
import { RequestsTab } from '@/client/features/admin-requests/components/requests-tab';
import { SettingsTab } from '@/client/features/admin-settings/components/settings-tab';
import { StudiesTab } from '@/client/features/admin-studies/components/studies-tab';
import { LogoutButton } from '@/client/features/auth/components/logout-button';
import { greetingNameOf } from '@/client/features/auth/use-auth';
import { useRequiredUser } from '@/client/features/auth/use-required-user';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';
import type { SessionUser } from '@/shared/schemas/auth';

/** /admin/dashboard (spec section 2): the staff's console, one tab per part of the business. */
export function AdminDashboardPage() {
  const required = useRequiredUser('admin');
  if (required.status === 'loading') return <PageLoading label="Loading your dashboard…" />;
  if (required.status === 'redirect') return <Navigate to={required.to} replace />;
  return <Dashboard user={required.user} />;
}

function Dashboard({ user }: { user: SessionUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('tab');
  const tab: AdminTab = isAdminTab(param) ? param : 'overview';
  const tabsListRef = useRef<HTMLDivElement>(null);
  const focusTab = useRef(false);

  function selectTab(next: string, options: { focus?: boolean } = {}) {
    focusTab.current = options.focus ?? false;
    setSearchParams(next === 'overview' ? {} : { tab: next }, { replace: true });
  }

  // A notification or an Overview link switches tabs from outside the tab list: move the
  // keyboard focus to the tab now selected rather than leaving it on something gone.
  useEffect(() => {
    if (!focusTab.current) return;
    focusTab.current = false;
    tabsListRef.current?.querySelector<HTMLElement>('[data-state="active"]')?.focus();
  }, [tab]);

  const openTab = (next: AdminTab) => selectTab(next, { focus: true });
  const label = adminTabs.find((t) => t.id === tab)?.label ?? 'Overview';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
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
              Profile
            </Link>
          </Button>
          <LogoutButton />
        </div>
      </div>

      <Tabs value={tab} onValueChange={(next) => selectTab(next)} className="mt-8">
        <TabsList
          ref={tabsListRef}
          aria-label="Admin sections"
          className="h-auto w-full flex-wrap justify-start gap-1"
        >
          {adminTabs.map((t) => (
            <TabsTrigger key={t.id} value={t.id} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
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
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="admins">
          <AdminsTab currentAdminId={user.id} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
