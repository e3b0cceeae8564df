import { SparklesIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { Progress } from '@/client/components/ui/progress';
import {
  PROFILE_COMPLETION_FIELDS,
  profileCompletion,
  profileCompletionMessage,
} from '@/shared/rules/profile';
import type { Participant } from '@/shared/schemas/participants';

const fieldLabels: Record<(typeof PROFILE_COMPLETION_FIELDS)[number], string> = {
  profilePhoto: 'photo',
  location: 'location',
  age: 'age',
  occupation: 'occupation',
  dateOfBirth: 'date of birth',
  education: 'education',
};

/**
 * Spec section 4: the share of the six profile fields filled, its message and the
 * "3x more opportunities" claim. Renders nothing once the profile is complete.
 */
export function ProfileCompletionCard({
  participant,
  onCompleteProfile,
}: {
  participant: Participant;
  onCompleteProfile: () => void;
}) {
  const percent = profileCompletion(participant);
  const labelId = useId();
  if (percent >= 100) return null;
  const missing = PROFILE_COMPLETION_FIELDS.filter((f) => !participant[f]?.trim()).map(
    (f) => fieldLabels[f],
  );

  return (
    <Card className="border-primary/30 bg-accent/60" data-testid="profile-completion">
      <CardHeader className="pb-4">
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h2>
            <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
            {profileCompletionMessage(percent)}
          </h2>
        </CardTitle>
        <CardDescription>Complete profiles are matched with 3x more opportunities.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between text-sm">
          <span id={labelId} className="font-medium">
            Profile completion
          </span>
          <span className="font-semibold" data-testid="profile-completion-percent">
            {percent}%
          </span>
        </div>
        <Progress value={percent} aria-labelledby={labelId} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">Still missing: {missing.join(', ')}.</p>
          <Button size="sm" onClick={onCompleteProfile}>
            Complete your profile
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
