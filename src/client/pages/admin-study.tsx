import { useParams } from 'react-router';
import { useT } from '@/client/i18n/language';
import { StudyDetail } from '@/client/features/admin-study/components/study-detail';
import { ApplicationActions } from '@/client/features/applications/components/admin-application-actions';
import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';
import { RequiredUserGate } from '@/client/features/auth/components/required-user-gate';
import { StudiesPostponedNotice } from '@/client/features/admin-settings/components/studies-postponed-notice';

/** /admin/test/{testId} (spec section 2 "Admin test detail"). */
export function AdminStudyPage() {
  const { testId = '' } = useParams();
  // Loaded with the page: the edit dialog's criteria would otherwise suspend the page while
  // their words load, and drop the keyboard focus.
  useT('recruiting');
  return (
    <RequiredUserGate kind="admin" loadingLabel="Loading the test…">
      {() => (
        <StudyDetail
          testId={testId}
          notice={<StudiesPostponedNotice />}
          renderActions={(application, full) => (
            <ApplicationActions application={application} full={full} />
          )}
          renderStatus={(application) => <ApplicationStatusBadge status={application.status} />}
        />
      )}
    </RequiredUserGate>
  );
}
