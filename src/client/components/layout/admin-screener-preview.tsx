import { useId } from 'react';
import type { ScreenerInput } from '@/shared/schemas/recruiting';

/**
 * The screener as an applicant sees it: the questions and their options, never a rule or a
 * bound. Its controls are off (it is a picture of the form, inside the study's form).
 */
export function ScreenerPreview({ screener }: { screener: ScreenerInput | undefined }) {
  const id = useId();
  const questions = (screener ?? []).filter((q) => q.text?.trim());
  if (questions.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        Questions appear here, as applicants will see them, once they have words.
      </p>
    );
  return (
    <ol className="grid gap-4 rounded-lg border bg-muted/30 p-4" aria-label="Screener preview">
      {questions.map((q, index) => {
        const qid = `${id}-${index}`;
        const label = (
          <>
            {q.text}
            {q.required ? (
              <span className="ml-0.5 text-destructive">
                <span aria-hidden="true">*</span>
                <span className="sr-only"> (required)</span>
              </span>
            ) : (
              <span className="font-normal text-muted-foreground"> (optional)</span>
            )}
          </>
        );
        return (
          <li key={qid} className="grid gap-2 text-sm">
            {q.kind === 'single' || q.kind === 'multi' ? (
              <fieldset className="grid gap-2" disabled>
                <legend className="mb-1 font-medium whitespace-pre-wrap">{label}</legend>
                {(q.options ?? []).map((option, o) => (
                  <label key={`${qid}-${o}`} className="flex items-center gap-2">
                    <input
                      type={q.kind === 'single' ? 'radio' : 'checkbox'}
                      name={qid}
                      className="size-4 accent-primary"
                    />
                    {option.label || <span className="text-muted-foreground">(no label yet)</span>}
                  </label>
                ))}
              </fieldset>
            ) : (
              <>
                <label htmlFor={qid} className="font-medium whitespace-pre-wrap">
                  {label}
                </label>
                {q.kind === 'number' ? (
                  <input
                    id={qid}
                    type="number"
                    disabled
                    className="h-9 w-40 rounded-md border border-input bg-background px-3"
                  />
                ) : (
                  <textarea
                    id={qid}
                    rows={2}
                    disabled
                    className="rounded-md border border-input bg-background px-3 py-2"
                  />
                )}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
