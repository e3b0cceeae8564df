import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { PageShell } from '@/client/components/layout/page-shell';
import { AccountMenu } from '@/client/features/auth/components/account-menu';

/** The layout route of every page with the top bar and the footer. */
export function SiteLayout() {
  return (
    <PageShell account={<AccountMenu />}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageShell>
  );
}
