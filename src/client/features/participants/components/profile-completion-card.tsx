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
import { useT } from '@/client/i18n/language';
import {
  PROFILE_COMPLETION_FIELDS,
  profileCompletion,
  profileCompletionBand,
} from '@/shared/rules/profile';
import type { Participant } from '@/shared/schemas/participants';

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
  const t = useT('dashboard');
  if (percent >= 100) return null;
  const missing = PROFILE_COMPLETION_FIELDS.filter((f) => !participant[f]?.trim()).map((f) =>
    t(`completion.field.${f}`),
  );

  return (
    <Card className="border-primary/30 bg-accent/60" data-testid="profile-completion">
      <CardHeader className="pb-4">
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h2>
            <SparklesIcon className="size-5 text-primary" aria-hidden="true" />
            {t(`completion.${profileCompletionBand(percent)}`)}
          </h2>
        </CardTitle>
        <CardDescription>{t('completion.claim')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-center justify-between text-sm">
          <span id={labelId} className="font-medium">
            {t('completion.label')}
          </span>
          <span className="font-semibold" data-testid="profile-completion-percent">
            {percent}%
          </span>
        </div>
        <Progress value={percent} aria-labelledby={labelId} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {t('completion.missing', { fields: missing.join(', ') })}
          </p>
          <Button size="sm" onClick={onCompleteProfile}>
            {t('completion.button')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
