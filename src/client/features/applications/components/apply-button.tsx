import { Loader2Icon, SendIcon } from 'lucide-react';
import { StudyRequirements } from '@/client/components/domain/study-facts';
import { useId, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/components/ui/use-toast';
import type { Study } from '@/shared/schemas/studies';
import { useApply } from '@/client/api/applications/apply';
import { useT } from '@/client/i18n/language';

const SCREENING_MAX = 2000;

type Props = {
  participantId: string;
  study: Pick<Study, 'id' | 'title' | 'requirements'>;
};

/**
 * 'Apply Now'. A study with requirements opens a dialog that shows them and takes an
 * optional short answer (stored as `screening`); one without applies at once.
 */
export function ApplyButton({ participantId, study }: Props) {
  const apply = useApply();
  const t = useT('dashboard');
  const [open, setOpen] = useState(false);
  const [screening, setScreening] = useState('');
  const answerId = useId();
  const hintId = useId();

  async function submit() {
    try {
      await apply.mutateAsync({
        participantId,
        testId: study.id,
        screening: screening.trim() || undefined,
      });
      setOpen(false);
      toast({
        title: t('apply.submitted'),
        description: t('apply.submittedDescription', { title: study.title }),
      });
    } catch (error) {
      toastFailure(t('apply.failed'), error, t('apply.failedFallback'));
    }
  }

  const pending = apply.isPending;
  const label = pending ? t('apply.applying') : t('apply.button');
  const buttonLabel = t('apply.buttonLabel', { title: study.title });

  if (!study.requirements) {
    return (
      <Button onClick={() => void submit()} disabled={pending} aria-label={buttonLabel}>
        {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
        {label}
      </Button>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button aria-label={buttonLabel}>{t('apply.button')}</Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('apply.dialogTitle', { title: study.title })}</DialogTitle>
            <DialogDescription>{t('apply.dialogDescription')}</DialogDescription>
          </DialogHeader>
          <StudyRequirements requirements={study.requirements} />
          <div className="grid gap-2">
            <Label htmlFor={answerId}>
              {t('apply.answer')}
              <span className="font-normal text-muted-foreground">{t('apply.optional')}</span>
            </Label>
            <Textarea
              id={answerId}
              value={screening}
              onChange={(event) => setScreening(event.target.value)}
              maxLength={SCREENING_MAX}
              rows={4}
              aria-describedby={hintId}
            />
            <p id={hintId} className="text-sm text-muted-foreground">
              {t('apply.answerHint', { max: SCREENING_MAX })}
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={pending}>
                {t('apply.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              ) : (
                <SendIcon aria-hidden="true" />
              )}
              {pending ? t('apply.submitting') : t('apply.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
