import { InfoIcon } from 'lucide-react';
import { Navigate } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { LogoutButton } from '@/client/features/auth/components/logout-button';
import { greetingNameOf } from '@/client/features/auth/use-auth';
import { useRequiredUser } from '@/client/features/auth/use-required-user';
import { pageTitle } from '@/client/lib/page-title';

/** Placeholder until the dashboard is built; it already enforces spec section 6's redirect. */
export function ParticipantDashboardPage() {
  const required = useRequiredUser('participant');
  if (required.status === 'loading') return <PageLoading label="Loading your dashboard…" />;
  if (required.status === 'redirect') return <Navigate to={required.to} replace />;
  const { user } = required;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <title>{pageTitle('Participant dashboard')}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">
            Welcome, {greetingNameOf(user)}!
          </h1>
          <p className="mt-2 text-muted-foreground">Your participant dashboard.</p>
        </div>
        <LogoutButton />
      </div>
      <div className="mt-8 flex gap-3 rounded-lg border border-border bg-accent p-4 text-accent-foreground">
        <InfoIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          Research studies are temporarily postponed. We will notify you by email when new studies
          open.
        </p>
      </div>
    </div>
  );
}
