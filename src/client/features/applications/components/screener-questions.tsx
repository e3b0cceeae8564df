import { useId } from 'react';
import { CheckboxList } from '@/client/components/ui/checkbox-list';
import { ChoiceRadios } from '@/client/components/ui/choice-radios';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { type PublicQuestion, SCREENER_LIMITS } from '@/shared/schemas/recruiting';
import type { Draft } from './screener-answers';

/** Focuses the first control of the question (in `form`) whose answer was refused. */
export function focusQuestion(form: HTMLElement | null, questionId: string) {
  form
    ?.querySelector<HTMLElement>(
      `[data-question="${CSS.escape(questionId)}"] :is(input, textarea, button[role="checkbox"])`,
    )
    ?.focus();
}

/**
 * A study's screener questions (decisions.md section 10): one choice as radio buttons,
 * several as checkboxes, a number, or a text; required ones marked; each error read with
 * its question.
 */
export function ScreenerQuestions({
  questions,
  draft,
  errors,
  onChange,
  disabled,
}: {
  questions: readonly PublicQuestion[];
  draft: Draft;
  errors: Record<string, string>;
  onChange: (questionId: string, value: string | string[]) => void;
  disabled: boolean;
}) {
  return (
    <ol className="grid gap-5">
      {questions.map((q) => (
        <li key={q.id}>
          <Question
            question={q}
            value={draft[q.id]}
            error={errors[q.id]}
            onChange={(value) => onChange(q.id, value)}
            disabled={disabled}
          />
        </li>
      ))}
    </ol>
  );
}

function Question({
  question: q,
  value,
  error,
  onChange,
  disabled,
}: {
  question: PublicQuestion;
  value: string | string[] | undefined;
  error: string | undefined;
  onChange: (value: string | string[]) => void;
  disabled: boolean;
}) {
  const t = useT('dashboard');
  const id = useId();
  const controlId = `${id}-control`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const label = (
    <>
      {q.text}
      {q.required && (
        <span aria-hidden="true" className="ml-0.5 text-destructive">
          *
        </span>
      )}
    </>
  );
  const labelClass = 'text-sm leading-snug font-medium whitespace-pre-line';
  const errorLine = error && (
    <p id={errorId} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
  const options = (q.options ?? []).map((o) => ({ value: o.id, label: o.label }));

  if (q.kind === 'multi') {
    return (
      <div className="grid gap-2" data-question={q.id}>
        <CheckboxList
          legend={label}
          description={t('apply.chooseAny')}
          options={options}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          error={error}
          columns={1}
        />
      </div>
    );
  }
  if (q.kind === 'single') {
    return (
      <div className="grid gap-2" data-question={q.id}>
        <p id={`${id}-label`} className={labelClass}>
          {label}
        </p>
        <ChoiceRadios
          name={controlId}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          options={options}
          labelledBy={`${id}-label`}
          describedBy={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          invalid={!!error}
          disabled={disabled}
          className="grid gap-y-2"
        />
        <p id={hintId} className="sr-only">
          {t('apply.choose')}
        </p>
        {errorLine}
      </div>
    );
  }
  return (
    <div className="grid gap-2" data-question={q.id}>
      <label htmlFor={controlId} className={labelClass}>
        {label}
      </label>
      {q.kind === 'number' ? (
        <Input
          id={controlId}
          type="number"
          inputMode="decimal"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          aria-required={q.required || undefined}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          className="max-w-40"
        />
      ) : (
        <Textarea
          id={controlId}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          maxLength={SCREENER_LIMITS.textAnswer}
          rows={3}
          aria-required={q.required || undefined}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
          className={cn(error && 'border-destructive')}
        />
      )}
      {errorLine}
    </div>
  );
}
