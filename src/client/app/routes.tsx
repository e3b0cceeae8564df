import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { HomePage } from '@/client/pages/home';
import { NotFoundPage } from '@/client/pages/not-found';
import { paths } from '@/shared/paths';
import { SiteLayout } from './site-layout';

// Public pages (prerendered and hydrated) are in the first bundle; the rest load on demand.
const LoginPage = lazy(() =>
  import('@/client/pages/login').then((m) => ({ default: m.LoginPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/client/pages/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/client/pages/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const ParticipantDashboardPage = lazy(() =>
  import('@/client/pages/participant-dashboard').then((m) => ({
    default: m.ParticipantDashboardPage,
  })),
);
const AppAreaLayout = lazy(() =>
  import('./app-area-layout').then((m) => ({ default: m.AppAreaLayout })),
);
const AdminDashboardPage = lazy(() =>
  import('@/client/pages/admin-dashboard').then((m) => ({ default: m.AdminDashboardPage })),
);

/** The route table; every path comes from src/shared/paths.ts. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.participantLogin} element={<LoginPage />} />
        <Route path={paths.adminLogin} element={<LoginPage />} />
        <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route element={<SiteLayout />}>
          <Route path={paths.home} element={<HomePage />} />
          <Route element={<AppAreaLayout />}>
            <Route path={paths.participantDashboard} element={<ParticipantDashboardPage />} />
            <Route path={paths.adminDashboard} element={<AdminDashboardPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
