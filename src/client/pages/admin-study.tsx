import { Navigate, useParams } from 'react-router';
import { PageLoading } from '@/client/components/layout/page-loading';
import { StudyDetail } from '@/client/features/admin-study/components/study-detail';
import { ApplicationActions } from '@/client/features/applications/components/application-actions';
import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';
import { useRequiredUser } from '@/client/features/auth/use-required-user';

/** /admin/test/{testId} (spec section 2 "Admin test detail"). */
export function AdminStudyPage() {
  const required = useRequiredUser('admin');
  const { testId = '' } = useParams();
  if (required.status === 'loading') return <PageLoading label="Loading the test…" />;
  if (required.status === 'redirect') return <Navigate to={required.to} replace />;
  return (
    <StudyDetail
      testId={testId}
      renderActions={(application, full) => (
        <ApplicationActions application={application} full={full} />
      )}
      renderStatus={(application) => <ApplicationStatusBadge status={application.status} />}
    />
  );
}
