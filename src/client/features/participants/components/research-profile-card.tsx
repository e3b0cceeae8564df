import { ListChecksIcon } from 'lucide-react';
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
import { researchProfileCompletion } from '@/shared/rules/profile';
import type { Participant } from '@/shared/schemas/participants';

/**
 * The research profile's own completeness (decisions.md section 10), apart from the spec's
 * six-field card: how many of its fields are answered, and the way to the form. Renders
 * nothing once every field is answered.
 */
export function ResearchProfileCard({
  participant,
  onFillIn,
}: {
  participant: Participant;
  onFillIn: () => void;
}) {
  const t = useT('dashboard');
  const labelId = useId();
  const { answered, total, percent } = researchProfileCompletion(participant);
  if (answered === total) return null;
  return (
    <Card data-testid="research-profile-completion">
      <CardHeader className="pb-4">
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h2>
            <ListChecksIcon className="size-5 text-primary" aria-hidden="true" />
            {t('research.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('research.cardBody')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p id={labelId} className="text-sm font-medium" data-testid="research-profile-answered">
          {t('research.answered', { answered, total })}
        </p>
        <Progress value={percent} aria-labelledby={labelId} />
        <div className="flex justify-end">
          <Button size="sm" variant="outline" onClick={onFillIn}>
            {t('research.button')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
