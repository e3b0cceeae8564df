import { Navigate } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { LogoutButton } from '@/client/features/auth/components/logout-button';
import { greetingNameOf } from '@/client/features/auth/use-auth';
import { useRequiredUser } from '@/client/features/auth/use-required-user';
import { pageTitle } from '@/client/lib/page-title';

/** Placeholder until the dashboard is built; it already enforces spec section 6's redirect. */
export function AdminDashboardPage() {
  const required = useRequiredUser('admin');
  if (required.status === 'loading') return <PageLoading label="Loading your dashboard…" />;
  if (required.status === 'redirect') return <Navigate to={required.to} replace />;
  const { user } = required;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <title>{pageTitle('Admin dashboard')}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere">
            Welcome, {greetingNameOf(user)}!
          </h1>
          <p className="mt-2 text-muted-foreground">Signed in as {user.email}.</p>
        </div>
        <LogoutButton />
      </div>
    </div>
  );
}
