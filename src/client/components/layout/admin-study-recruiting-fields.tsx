import { ChevronDownIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type Control, useFormState, useWatch } from 'react-hook-form';
import type { Study } from '@/shared/schemas/studies';
import { ScreenerEditor } from './admin-screener-editor';
import { ScreenerPreview } from './admin-screener-preview';
import { StudyCriteriaFields } from './admin-study-criteria-fields';
import type { StudyFormValues } from './admin-study-form-fields';
import { StudyMatchCount } from './admin-study-match-count';

/** A part of the form that folds away; it opens by itself when it holds a refused field. */
function Section({
  title,
  summary,
  hasError,
  children,
}: {
  title: string;
  summary?: string;
  hasError: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-lg border"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <span className="grid gap-0.5">
          <span className="font-semibold">{title}</span>
          {summary && <span className="text-sm text-muted-foreground">{summary}</span>}
        </span>
        <ChevronDownIcon
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="grid gap-5 border-t p-4">{children}</div>
    </details>
  );
}

/**
 * The recruiting part of "Create test" and "Edit test" (decisions.md section 10): who may take
 * part, with the live count of eligible participants, and the screener with its preview.
 * `study` is the study being edited (its id counts the matches, its saved ids stay).
 */
export function StudyRecruitingFields({
  control,
  study,
}: {
  control: Control<StudyFormValues>;
  study?: Study | undefined;
}) {
  const criteria = useWatch({ control, name: 'criteria' });
  const screener = useWatch({ control, name: 'screener' });
  const { errors } = useFormState({ control });
  const questions = screener?.length ?? 0;

  return (
    <>
      <Section
        title="Who can take part"
        summary="Every criterion set must be met; an empty profile field does not meet it."
        hasError={Boolean(errors.criteria)}
      >
        <StudyMatchCount studyId={study?.id} criteria={criteria} />
        <StudyCriteriaFields
          control={control}
          studyId={study?.id}
          storedTags={study?.criteria?.excludeTags}
        />
      </Section>
      <Section
        title="Screener"
        summary={
          questions === 0
            ? 'No questions'
            : `${questions} ${questions === 1 ? 'question' : 'questions'}`
        }
        hasError={Boolean(errors.screener)}
      >
        <ScreenerEditor control={control} saved={study?.screener} />
      </Section>
      <Section title="Preview" summary="The screener as applicants see it." hasError={false}>
        <ScreenerPreview screener={screener} />
      </Section>
    </>
  );
}
