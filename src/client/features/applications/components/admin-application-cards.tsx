import { ApplicationStatusBadge } from '@/client/components/domain/application-status-badge';
import {
  BookedSessionCell,
  ReliabilityLine,
} from '@/client/components/layout/admin-applicant-record';
import { hoursLabel } from '@/client/lib/study-text';
import { formatKesDecimal } from '@/shared/rules/money';
import { isStudyFull } from '@/shared/rules/capacity';
import type { AdminApplication } from '@/shared/schemas/applications';
import { participantName, StudyPlaces, StudyLink } from './admin-application-parts';
import { ApplicationActions } from './admin-application-actions';
import { TimeStamp } from '@/client/components/ui/time-stamp';
import { ApplicantAnswers } from '@/client/components/layout/admin-applicant-answers';
import type { Study } from '@/shared/schemas/studies';

/**
 * Below the sm breakpoint: one card per application instead of the table, so the
 * status and the row actions are on screen without scrolling sideways.
 */
export function AdminApplicationCards({
  applications,
  busy,
  screeners,
}: {
  applications: AdminApplication[];
  busy: boolean;
  screeners: Map<string, Study['screener']>;
}) {
  return (
    <ul className="grid gap-3 sm:hidden" aria-label="Applications" aria-busy={busy || undefined}>
      {applications.map((application) => {
        const { test, participant } = application;
        const full = isStudyFull(test);
        return (
          <li
            key={application.id}
            data-application-id={application.id}
            className="rounded-lg border p-4"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{participantName(application)}</p>
                {participant && (
                  <>
                    <a
                      href={`mailto:${participant.email}`}
                      className="block text-sm wrap-anywhere text-primary underline-offset-4 hover:underline"
                    >
                      {participant.email}
                    </a>
                    <p className="text-xs text-muted-foreground">{participant.phone}</p>
                    <div className="mt-1">
                      <ReliabilityLine application={application} />
                    </div>
                  </>
                )}
              </div>
              <ApplicationStatusBadge status={application.status} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-muted-foreground">Study</dt>
                <dd className="wrap-anywhere">
                  <StudyLink test={test} companyAs="span" />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Pay rate</dt>
                <dd className="tabular-nums">
                  {formatKesDecimal(test.payRate)}
                  <span className="text-muted-foreground">/h</span>
                  <span className="sr-only"> per hour</span>
                  <span className="block text-xs text-muted-foreground">
                    {hoursLabel(test.duration)}
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Places</dt>
                <dd className="tabular-nums">
                  <StudyPlaces test={test} full={full} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Applied</dt>
                <dd>
                  <TimeStamp value={application.appliedAt} />
                </dd>
              </div>
              {application.session && (
                <div className="col-span-2">
                  <dt className="text-xs text-muted-foreground">Session</dt>
                  <dd>
                    <BookedSessionCell application={application} />
                  </dd>
                </div>
              )}
            </dl>
            <div className="mt-3">
              <ApplicantAnswers
                answers={application.answers}
                screener={screeners.get(test.id)}
                disqualified={application.status === 'disqualified'}
              />
            </div>
            <div className="mt-3 border-t pt-3">
              <ApplicationActions application={application} full={full} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
