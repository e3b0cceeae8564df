import { Link } from 'react-router';
import { Badge } from '@/client/components/ui/badge';
import { paths } from '@/shared/paths';
import type { AdminApplication } from '@/shared/schemas/applications';

/** The applicant's full name, or "Deleted participant" once their account is gone. */
export function participantName(application: AdminApplication): string {
  const person = application.participant;
  return person ? `${person.firstName} ${person.lastName}`.trim() : 'Deleted participant';
}

/** A study's places: "3/10" taken, or a FULL badge once none is left. */
export function StudyPlaces({ test, full }: { test: AdminApplication['test']; full: boolean }) {
  if (full) {
    return (
      <Badge variant="destructive">
        FULL<span className="sr-only">: all {test.maxParticipants} places taken</span>
      </Badge>
    );
  }
  return (
    <span
      title={`${test.currentParticipants} of ${test.maxParticipants} places taken (${test.scheduledCount} scheduled)`}
    >
      {test.currentParticipants}/{test.maxParticipants}
      <span className="sr-only"> places taken</span>
    </span>
  );
}

/** The study's title, linking to its page, and its company under it. */
export function StudyLink({
  test,
  companyAs: Company = 'div',
}: {
  test: AdminApplication['test'];
  /** A table cell holds a div; a card's `dd` a span shown as a block. */
  companyAs?: 'div' | 'span';
}) {
  return (
    <>
      <Link
        to={paths.adminStudy(test.id)}
        className="text-primary underline-offset-4 hover:underline"
      >
        {test.title}
      </Link>
      {test.company && (
        <Company
          className={
            Company === 'span'
              ? 'block text-xs text-muted-foreground'
              : 'text-xs text-muted-foreground'
          }
        >
          {test.company}
        </Company>
      )}
    </>
  );
}
