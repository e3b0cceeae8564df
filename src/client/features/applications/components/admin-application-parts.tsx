import { Badge } from '@/client/components/ui/badge';
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
