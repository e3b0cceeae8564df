import { lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { useT } from '@/client/i18n/language';
import { HomePage } from '@/client/pages/home';
import { NotFoundPage } from '@/client/pages/not-found';
import { localizedPath, paths } from '@/shared/paths';
import { SiteLayout } from './site-layout';

// Only the home page is in the first bundle; every other page loads on demand (public
// pages are prerendered, so their text shows before their chunk arrives).
const LoginPage = lazy(() =>
  import('@/client/pages/login').then((m) => ({ default: m.LoginPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/client/pages/forgot-password').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/client/pages/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const UnsubscribePage = lazy(() =>
  import('@/client/pages/unsubscribe').then((m) => ({ default: m.UnsubscribePage })),
);
const ParticipantDashboardPage = lazy(() =>
  import('@/client/pages/participant-dashboard').then((m) => ({
    default: m.ParticipantDashboardPage,
  })),
);
const ParticipantRegistrationPage = lazy(() =>
  import('@/client/pages/participant-registration').then((m) => ({
    default: m.ParticipantRegistrationPage,
  })),
);
const ProfileSettingsPage = lazy(() =>
  import('@/client/pages/profile-settings').then((m) => ({ default: m.ProfileSettingsPage })),
);
const AppAreaLayout = lazy(() =>
  import('./app-area-layout').then((m) => ({ default: m.AppAreaLayout })),
);
const AdminDashboardPage = lazy(() =>
  import('@/client/pages/admin-dashboard').then((m) => ({ default: m.AdminDashboardPage })),
);
const AdminStudyPage = lazy(() =>
  import('@/client/pages/admin-study').then((m) => ({ default: m.AdminStudyPage })),
);
// The lead forms (react-hook-form, zod, Radix Select) stay out of the home page's bundle.
const CompanyInquiryPage = lazy(() =>
  import('@/client/pages/company-inquiry').then((m) => ({ default: m.CompanyInquiryPage })),
);
const ClientRequestPage = lazy(() =>
  import('@/client/pages/client-request').then((m) => ({ default: m.ClientRequestPage })),
);
const ResearchValidationPage = lazy(() =>
  import('@/client/pages/research-validation').then((m) => ({
    default: m.ResearchValidationPage,
  })),
);
const AboutPage = lazy(() =>
  import('@/client/pages/about').then((m) => ({ default: m.AboutPage })),
);
const ServicesPage = lazy(() =>
  import('@/client/pages/services').then((m) => ({ default: m.ServicesPage })),
);
const FractionalProductManagementPage = lazy(() =>
  import('@/client/pages/fractional-product-management').then((m) => ({
    default: m.FractionalProductManagementPage,
  })),
);
const ProductOptimizationPage = lazy(() =>
  import('@/client/pages/product-optimization').then((m) => ({
    default: m.ProductOptimizationPage,
  })),
);
const UserResearchTestingPage = lazy(() =>
  import('@/client/pages/user-research-testing').then((m) => ({
    default: m.UserResearchTestingPage,
  })),
);
const FeaturePrioritizationPage = lazy(() =>
  import('@/client/pages/feature-prioritization').then((m) => ({
    default: m.FeaturePrioritizationPage,
  })),
);
const MarketFitLaunchStrategyPage = lazy(() =>
  import('@/client/pages/market-fit-launch-strategy').then((m) => ({
    default: m.MarketFitLaunchStrategyPage,
  })),
);
const OperationalExcellencePage = lazy(() =>
  import('@/client/pages/operational-excellence').then((m) => ({
    default: m.OperationalExcellencePage,
  })),
);
const PrivacyPage = lazy(() =>
  import('@/client/pages/privacy').then((m) => ({ default: m.PrivacyPage })),
);
const TermsPage = lazy(() =>
  import('@/client/pages/terms').then((m) => ({ default: m.TermsPage })),
);

/** The public pages, each also at its Kiswahili twin under /sw (decisions.md section 13). */
const publicRoutes: readonly (readonly [string, ReactElement])[] = [
  [paths.home, <HomePage />],
  [paths.about, <AboutPage />],
  [paths.services, <ServicesPage />],
  [paths.fractionalProductManagement, <FractionalProductManagementPage />],
  [paths.productOptimization, <ProductOptimizationPage />],
  [paths.userResearchTesting, <UserResearchTestingPage />],
  [paths.featurePrioritization, <FeaturePrioritizationPage />],
  [paths.marketFitLaunchStrategy, <MarketFitLaunchStrategyPage />],
  [paths.operationalExcellence, <OperationalExcellencePage />],
  [paths.companyInquiry, <CompanyInquiryPage />],
  [paths.clientRequest, <ClientRequestPage />],
  [paths.researchValidation, <ResearchValidationPage />],
  [paths.privacy, <PrivacyPage />],
  [paths.terms, <TermsPage />],
];

/**
 * Renders once the `common` messages (the frame's and the loading placeholder's) are there,
 * so the placeholder below never waits for them itself.
 */
function CommonMessages({ children }: { children: ReactNode }) {
  useT('common');
  return children;
}

/** The route table; every path comes from src/shared/paths.ts. */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <CommonMessages>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={paths.participantLogin} element={<LoginPage />} />
            <Route path={paths.adminLogin} element={<LoginPage />} />
            <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
            <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
            <Route element={<SiteLayout />}>
              {publicRoutes.map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
              {publicRoutes.map(([path, element]) => (
                <Route key={`sw${path}`} path={localizedPath(path, 'sw')} element={element} />
              ))}
              <Route
                path={paths.participantRegistration}
                element={<ParticipantRegistrationPage />}
              />
              <Route element={<AppAreaLayout />}>
                <Route path={paths.participantDashboard} element={<ParticipantDashboardPage />} />
                <Route path={paths.profileSettings} element={<ProfileSettingsPage />} />
                <Route path={paths.adminDashboard} element={<AdminDashboardPage />} />
                <Route path="/admin/test/:testId" element={<AdminStudyPage />} />
              </Route>
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </CommonMessages>
    </Suspense>
  );
}
