import { UsersIcon } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { EmptyState } from '@/client/components/ui/list-states';
import { formatDate } from '@/client/lib/format-date';
import type { AdminApplication } from '@/shared/schemas/applications';
import type { ApplicationStatus } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import { ApplicantAnswers } from '@/client/components/layout/admin-applicant-answers';
import {
  BookedSessionCell,
  ReliabilityLine,
} from '@/client/components/layout/admin-applicant-record';
import { participantName, type RenderActions, type RenderStatus } from './application-table';

/** The applicants still waiting for a decision: those the admin may schedule. */
export const WAITING: readonly ApplicationStatus[] = ['interested', 'screening', 'selected'];

/**
 * The per-test applicants dialog (spec section 2): the people waiting for a decision,
 * each with the row actions; at capacity it says FULL and scheduling is disabled.
 */
export function ApplicantsDialog({
  studyTitle,
  applicants,
  full,
  taken,
  maxParticipants,
  renderActions,
  renderStatus,
  screener,
}: {
  studyTitle: string;
  applicants: readonly AdminApplication[];
  full: boolean;
  taken: number;
  maxParticipants: number;
  renderActions: RenderActions;
  renderStatus: RenderStatus;
  /** The study's screener: each applicant's answers are shown under them. */
  screener?: Study['screener'];
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UsersIcon aria-hidden="true" />
          Applicants ({applicants.length})
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2">
            <DialogTitle>Applicants</DialogTitle>
            {full && (
              <Badge variant="destructive" className="text-sm font-semibold tracking-wide">
                FULL
              </Badge>
            )}
          </div>
          <DialogDescription>
            {studyTitle}: {applicants.length}{' '}
            {applicants.length === 1 ? 'applicant is' : 'applicants are'} waiting for a decision.{' '}
            {taken} of {maxParticipants} places are taken
            {full ? ', so no one more can be scheduled.' : '.'}
          </DialogDescription>
        </DialogHeader>
        {applicants.length === 0 ? (
          <EmptyState>No applicants are waiting for a decision.</EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="Applicants waiting for a decision">
            {applicants.map((application) => (
              <li
                key={application.id}
                className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium wrap-anywhere">{participantName(application)}</p>
                  {application.participant && (
                    <p className="text-muted-foreground wrap-anywhere">
                      {application.participant.email} · {application.participant.phone}
                    </p>
                  )}
                  <ReliabilityLine application={application} />
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground">
                    {renderStatus(application)}
                    <span>Applied {formatDate(application.appliedAt)}</span>
                  </div>
                  {application.session && (
                    <p className="mt-1 text-muted-foreground">
                      Session: <BookedSessionCell application={application} />
                    </p>
                  )}
                  <div className="mt-2">
                    <ApplicantAnswers
                      answers={application.answers}
                      screener={screener}
                      disqualified={application.status === 'disqualified'}
                    />
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  {renderActions(application, full)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
