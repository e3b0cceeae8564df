import { Loader2Icon, SendIcon } from 'lucide-react';
import { StudyRequirements } from '@/client/components/domain/study-facts';
import { useId, useRef, useState } from 'react';
import { RequiredFieldsNote } from '@/client/components/ui/form-fields';
import { Button } from '@/client/components/ui/button';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
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
import { focusQuestion, ScreenerQuestions } from './screener-questions';
import { answerErrors, answersOf, type Draft, serverAnswerErrors } from './screener-answers';

const SCREENING_MAX = 2000;

type Props = {
  participantId: string;
  study: Pick<Study, 'id' | 'title' | 'requirements' | 'screener'>;
  /** While applying is closed (studies postponed): the id of the sentence that says why. */
  closedReasonId?: string;
  /**
   * Called once applied, after the dialog (if any) has closed: the button is about to give
   * way to the status, so the caller moves the focus somewhere that stays (the study's card).
   */
  onApplied?: () => void;
};

/**
 * 'Apply Now'. A study with a screener opens a dialog with its questions (decisions.md
 * section 10), checked in the browser by the server's rule before sending; a study with
 * requirements shows them and takes an optional short answer (stored as `screening`); one
 * with neither applies at once. A refusal or a lost connection is said in a toast and, in
 * the dialog, above its buttons (answers refused by the server under their questions); the
 * dialog stays open with the answers as given. Answers that rule the applicant out still
 * apply (201, `disqualified`): the kind message the server sends is shown, never a refusal.
 * Once applied, `onApplied` says where the focus goes (the button gives way to the status;
 * the focus must not fall to the body).
 */
export function ApplyButton({ participantId, study, closedReasonId, onApplied }: Props) {
  const apply = useApply();
  const t = useT('dashboard');
  const r = useT('recruiting');
  const [open, setOpen] = useState(false);
  const [screening, setScreening] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // A study cached from before screeners (or a test's stand-in) may come without one.
  const questions = study.screener ?? [];
  const answerId = useId();
  const hintId = useId();
  const failureId = useId();
  const applied = useRef(false);

  if (closedReasonId) {
    return (
      <Button
        disabled
        aria-label={t('apply.buttonLabel', { title: study.title })}
        aria-describedby={closedReasonId}
      >
        {t('apply.button')}
      </Button>
    );
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = questions.find((q) => found[q.id]);
    if (first) requestAnimationFrame(() => focusQuestion(formRef.current, first.id));
  }

  async function submit() {
    setFailure(null);
    const found = answerErrors(questions, draft);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await apply.mutateAsync({
        participantId,
        testId: study.id,
        screening: screening.trim() || undefined,
        ...(questions.length > 0 ? { answers: answersOf(questions, draft) } : {}),
      });
      applied.current = true;
      if (open) setOpen(false);
      else onApplied?.();
      // Ruled out by an answer: the kind words of the recruiting catalogue, in the page's
      // language (the server's `message` says the same).
      toast(
        answer.application.status === 'disqualified'
          ? { title: t('apply.answered.title'), description: r('disqualified') }
          : {
              title: t('apply.submitted'),
              description: t('apply.submittedDescription', { title: study.title }),
            },
      );
    } catch (error) {
      const fromServer = serverAnswerErrors(questions, getApiErrorDetails(error).fieldErrors);
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
      // No answer at all: the request never left (offline) or got lost on the way. Said
      // beside the button or in the dialog only: offline, a toast (its code loads with the
      // first toast) may not arrive.
      const unanswered = getApiErrorDetails(error).status === undefined;
      const message = unanswered
        ? t('apply.offline')
        : errorMessageOf(error, t('apply.failedFallback'));
      setFailure(message);
      if (!unanswered) {
        toast({ variant: 'destructive', title: t('apply.failed'), description: message });
      }
    }
  }

  const pending = apply.isPending;
  const label = pending ? t('apply.applying') : t('apply.button');
  const buttonLabel = t('apply.buttonLabel', { title: study.title });

  if (!study.requirements && questions.length === 0) {
    return (
      <>
        <Button
          onClick={() => void submit()}
          disabled={pending}
          aria-label={buttonLabel}
          aria-describedby={failure ? failureId : undefined}
        >
          {pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
          {label}
        </Button>
        {failure && (
          <p id={failureId} role="alert" className="basis-full text-sm text-destructive">
            {failure}
          </p>
        )}
      </>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        setFailure(null);
      }}
    >
      <DialogTrigger asChild>
        <Button aria-label={buttonLabel}>{t('apply.button')}</Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!applied.current || !onApplied) return;
          event.preventDefault();
          onApplied();
        }}
      >
        <form
          ref={formRef}
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('apply.dialogTitle', { title: study.title })}</DialogTitle>
            <DialogDescription>
              {t(questions.length > 0 ? 'apply.screenerDescription' : 'apply.dialogDescription')}
            </DialogDescription>
          </DialogHeader>
          {questions.length > 0 && (
            <>
              {questions.some((q) => q.required) && <RequiredFieldsNote />}
              <ScreenerQuestions
                questions={questions}
                draft={draft}
                errors={errors}
                disabled={pending}
                onChange={(id, value) => {
                  setDraft((d) => ({ ...d, [id]: value }));
                  setErrors(({ [id]: _gone, ...rest }) => rest);
                }}
              />
            </>
          )}
          {study.requirements && (
            <>
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
            </>
          )}
          {failure && (
            <p
              id={failureId}
              role="alert"
              className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm"
            >
              {failure}
            </p>
          )}
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
