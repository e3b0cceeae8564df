import { AlertCircleIcon, FileQuestionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useStudy } from '@/client/api/studies/get-study';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { pageTitle } from '@/client/lib/page-title';
import type { RenderActions, RenderStatus } from './application-table';
import { BackToDashboard } from './back-to-dashboard';
import { LoadedStudy } from './loaded-study';
import { plainStatus, studyPageShell } from './study-text';

/** What went wrong loading the study, readable: a field message (bad id) or the server's words. */
function loadErrorMessage(error: unknown): string {
  const details = getApiErrorDetails(error);
  const field = Object.values(details.fieldErrors)[0];
  if (details.status !== undefined && details.status < 500 && field) return field;
  return errorMessageOf(error, error instanceof Error ? error.message : 'Unknown error');
}

/**
 * /admin/test/{id} (spec section 2 "Admin test detail"): the study's header, budget
 * and capacity figures, a full-capacity warning, its applications by tab with the
 * row actions the page composes (`renderActions`), and the applicants dialog.
 */
export function StudyDetail({
  testId,
  renderActions,
  renderStatus = plainStatus,
  notice,
}: {
  testId: string;
  /** Shown at the top of the loaded page (the studies-postponed notice, composed by the page). */
  notice?: ReactNode;
  /** The row actions of one application (composed by the page from the applications feature). */
  renderActions: RenderActions;
  /** The application's status badge (composed by the page); plain text without it. */
  renderStatus?: RenderStatus;
}) {
  const study = useStudy(testId);

  if (study.isPending) {
    return (
      <div className={studyPageShell} role="status">
        <title>{pageTitle('Loading test…')}</title>
        <span className="sr-only">Loading the test…</span>
        <Skeleton className="h-9 w-44" />
        <Skeleton className="h-10 w-80 max-w-full" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }

  if (study.isError) {
    const notFound = getApiErrorDetails(study.error).status === 404;
    return (
      <div className={studyPageShell}>
        <title>{pageTitle(notFound ? 'Test not found' : 'Error loading test')}</title>
        <div
          className="mx-auto grid max-w-lg justify-items-center gap-4 py-12 text-center"
          role={notFound ? undefined : 'alert'}
        >
          {notFound ? (
            <FileQuestionIcon className="size-12 text-muted-foreground" aria-hidden="true" />
          ) : (
            <AlertCircleIcon className="size-12 text-destructive" aria-hidden="true" />
          )}
          <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
            {notFound ? 'Test not found' : `Error loading test: ${loadErrorMessage(study.error)}`}
          </h1>
          <p className="text-muted-foreground">
            {notFound
              ? 'It may have been deleted, or the link is wrong.'
              : 'Check the link, or go back and open the test again.'}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <BackToDashboard asButton />
            {!notFound && (
              <Button
                variant="outline"
                onClick={() => void study.refetch()}
                disabled={study.isFetching}
              >
                {study.isFetching ? 'Retrying…' : 'Try again'}
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }

  return (
    <LoadedStudy
      study={study.data}
      renderActions={renderActions}
      renderStatus={renderStatus}
      notice={notice}
    />
  );
}
