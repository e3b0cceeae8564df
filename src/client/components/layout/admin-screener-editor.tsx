import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  type Control,
  get,
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { Button } from '@/client/components/ui/button';
import { Checkbox } from '@/client/components/ui/checkbox';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import {
  type OptionRule,
  optionRules,
  type QuestionKind,
  questionKinds,
  SCREENER_LIMITS,
  type ScreenerInput,
} from '@/shared/schemas/recruiting';
import { cn } from '@/client/lib/utils';
import { slugOf, uniqueId } from './admin-screener-ids';
import type { StudyFormValues } from './admin-study-form-fields';

type Question = ScreenerInput[number];
type Option = NonNullable<Question['options']>[number];

const kindLabels: Record<QuestionKind, string> = {
  single: 'One choice',
  multi: 'Several choices',
  number: 'A number',
  text: 'Free text',
};
const ruleLabels: Record<OptionRule, string> = {
  qualify: 'Qualifies',
  disqualify: 'Disqualifies',
  neutral: 'Neutral',
};
const isChoice = (kind: QuestionKind) => kind === 'single' || kind === 'multi';
const QUESTION_FALLBACK = /^question(-\d+)?$/;
const OPTION_FALLBACK = /^option(-\d+)?$/;

/**
 * Whether an id still follows its words: it was never saved, and it is what its words give
 * (or the stand-in of empty words). Staff who type an id of their own keep it.
 */
function followsWords(
  id: string,
  words: string,
  fallback: string,
  others: string[],
  saved: boolean,
) {
  if (saved) return false;
  const pattern = fallback === 'question' ? QUESTION_FALLBACK : OPTION_FALLBACK;
  return pattern.test(id) || id === uniqueId(slugOf(words, fallback), others);
}

const newOption = (taken: string[]): Option => ({
  id: uniqueId('option', taken),
  label: '',
  rule: 'qualify',
});

/** The message the schema puts on a list itself (too few options, an id twice). */
function listError(errors: unknown, name: string): string | undefined {
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.root?.message ?? error?.message;
}

/**
 * The screener editor (decisions.md section 10): questions added, reordered with Move up and
 * Move down (the move is announced, the focus stays on the button pressed), removed; a
 * choice question's options with their rule; a number question's bounds. Ids come from the
 * words until staff type their own, and ids already saved (`saved`) never change.
 */
export function ScreenerEditor({
  control,
  saved = [],
}: {
  control: Control<StudyFormValues>;
  saved?: readonly { id: string; options?: readonly { id: string }[] | undefined }[];
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'screener' });
  const { getValues } = useFormContext<StudyFormValues>();
  const { errors } = useFormState({ control, name: 'screener' });
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<{ key: string; button: 'up' | 'down' } | null>(
    null,
  );
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const addRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    buttons.current.get(`${focusTarget.key}:${focusTarget.button}`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const questions = () => getValues('screener') ?? [];
  const textOf = (q: Question | undefined, n: number) =>
    q?.text?.trim() ? `“${q.text.trim()}”` : `Question ${n}`;

  function moveQuestion(from: number, to: number, key: string) {
    const q = questions()[from];
    move(from, to);
    const last = fields.length - 1;
    // At either end the pressed button turns off: the focus goes to its twin.
    const button = to > from ? (to === last ? 'up' : 'down') : to === 0 ? 'down' : 'up';
    setFocusTarget({ key, button });
    setAnnouncement(`Moved ${textOf(q, from + 1)} to position ${to + 1} of ${fields.length}.`);
  }

  function removeQuestion(index: number) {
    const q = questions()[index];
    remove(index);
    setAnnouncement(`Removed ${textOf(q, index + 1)}.`);
    addRef.current?.focus();
  }

  function addQuestion() {
    const taken = questions().map((q) => q.id);
    append({
      id: uniqueId('question', taken),
      text: '',
      kind: 'single',
      required: true,
      options: [newOption([]), newOption(['option'])],
    });
    setAnnouncement(`Question ${fields.length + 1} added.`);
  }

  const savedQuestions = new Set(saved.map((q) => q.id));
  const savedOptions = new Set(
    saved.flatMap((q) => (q.options ?? []).map((o) => `${q.id}:${o.id}`)),
  );

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Applicants answer these before they apply. An answer whose option disqualifies, or a number
        outside its bounds, files the application as not qualified; applicants never see the rules.
      </p>
      {listError(errors, 'screener') && (
        <p className="text-sm text-destructive" role="alert">
          {listError(errors, 'screener')}
        </p>
      )}
      {fields.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          No screener questions: anyone eligible can apply straight away.
        </p>
      ) : (
        <ol className="grid gap-4" aria-label="Screener questions">
          {fields.map((field, index) => (
            <li key={field.id} className="grid gap-4 rounded-lg border p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">Question {index + 1}</h3>
                <div className="flex flex-wrap gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    ref={(el) => {
                      buttons.current.set(`${field.id}:up`, el);
                    }}
                    disabled={index === 0}
                    onClick={() => moveQuestion(index, index - 1, field.id)}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                    Move up<span className="sr-only"> question {index + 1}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    ref={(el) => {
                      buttons.current.set(`${field.id}:down`, el);
                    }}
                    disabled={index === fields.length - 1}
                    onClick={() => moveQuestion(index, index + 1, field.id)}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                    Move down<span className="sr-only"> question {index + 1}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    onClick={() => removeQuestion(index)}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Remove<span className="sr-only"> question {index + 1}</span>
                  </Button>
                </div>
              </div>
              <QuestionFields
                control={control}
                index={index}
                savedQuestion={savedQuestions}
                savedOption={savedOptions}
              />
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          ref={addRef}
          onClick={addQuestion}
          disabled={fields.length >= SCREENER_LIMITS.questions}
        >
          <PlusIcon aria-hidden="true" />
          Add question
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** One question's words, id, kind, whether it must be answered, and its options or bounds. */
function QuestionFields({
  control,
  index,
  savedQuestion,
  savedOption,
}: {
  control: Control<StudyFormValues>;
  index: number;
  savedQuestion: Set<string>;
  savedOption: Set<string>;
}) {
  const { getValues, setValue } = useFormContext<StudyFormValues>();
  const base = `screener.${index}` as const;
  const kind = useWatch({ control, name: `${base}.kind` });
  const questionId = useWatch({ control, name: `${base}.id` });
  const othersIds = () =>
    (getValues('screener') ?? []).filter((_, i) => i !== index).map((q) => q.id);
  // Options and bounds a change of kind leaves out are set aside, not thrown away: changing
  // back brings them back (one choice and several choices share their options).
  const setAside = useRef<{ options?: Option[]; min?: number; max?: number }>({});
  const [asideNote, setAsideNote] = useState('');

  function changeKind(to: QuestionKind) {
    const options = getValues(`${base}.options`) ?? [];
    const min = getValues(`${base}.min`);
    const max = getValues(`${base}.max`);
    const notes: string[] = [];
    if (isChoice(to)) {
      if (options.length === 0)
        setValue(
          `${base}.options`,
          setAside.current.options ?? [newOption([]), newOption(['option'])],
        );
    } else if (options.length > 0) {
      if (options.some((o) => o.label.trim() !== '')) {
        setAside.current.options = options;
        notes.push(`its ${options.length} options`);
      }
      setValue(`${base}.options`, undefined);
    }
    if (to === 'number') {
      if (min === undefined && max === undefined) {
        setValue(`${base}.min`, setAside.current.min);
        setValue(`${base}.max`, setAside.current.max);
      }
    } else {
      if (min !== undefined || max !== undefined) {
        setAside.current.min = min;
        setAside.current.max = max;
        notes.push('its number bounds');
      }
      setValue(`${base}.min`, undefined);
      setValue(`${base}.max`, undefined);
    }
    setAsideNote(
      notes.length > 0
        ? `${kindLabels[to]} has no use for ${notes.join(' or ')}: they are set aside, not saved with this answer; choose the earlier kind again to bring them back.`
        : '',
    );
  }

  return (
    <>
      <FormField
        control={control}
        name={`${base}.text`}
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              Question
              <span aria-hidden="true" className="ml-0.5 text-destructive">
                *
              </span>
            </FormLabel>
            <FormControl>
              <Textarea
                {...field}
                rows={2}
                className="min-h-16"
                required
                onChange={(event) => {
                  const id = getValues(`${base}.id`) ?? '';
                  const words = getValues(`${base}.text`) ?? '';
                  const others = othersIds();
                  field.onChange(event);
                  if (followsWords(id, words, 'question', others, savedQuestion.has(id)))
                    setValue(
                      `${base}.id`,
                      uniqueId(slugOf(event.target.value, 'question'), others),
                    );
                }}
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          control={control}
          name={`${base}.kind`}
          render={({ field }) => (
            <FormItem>
              <FormLabel>Answer</FormLabel>
              <Select
                value={field.value}
                onValueChange={(next) => {
                  const to = next as QuestionKind;
                  field.onChange(to);
                  changeKind(to);
                }}
              >
                <FormControl>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {questionKinds.map((k) => (
                    <SelectItem key={k} value={k}>
                      {kindLabels[k]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p
                role="status"
                data-testid="kind-set-aside"
                className={cn(
                  'text-sm text-amber-800 dark:text-amber-300',
                  !asideNote && 'sr-only',
                )}
              >
                {asideNote}
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name={`${base}.id`}
          render={({ field }) => (
            <FormItem>
              <FormLabel>Question id</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  className="font-mono"
                />
              </FormControl>
              <FormDescription>a-z, 0-9, - and _; kept once saved.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name={`${base}.required`}
        render={({ field }) => (
          <FormItem className="flex items-center gap-2">
            <FormControl>
              <Checkbox
                ref={field.ref}
                checked={field.value}
                onCheckedChange={(on) => field.onChange(on === true)}
              />
            </FormControl>
            <FormLabel className="font-normal">An answer is required</FormLabel>
          </FormItem>
        )}
      />
      {kind !== undefined && isChoice(kind) && (
        <OptionsEditor
          control={control}
          index={index}
          questionId={questionId ?? ''}
          savedOption={savedOption}
        />
      )}
      {kind === 'number' && (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <BoundField control={control} name={`${base}.min`} label="Lowest that qualifies" />
          <BoundField control={control} name={`${base}.max`} label="Highest that qualifies" />
        </div>
      )}
    </>
  );
}

function BoundField({
  control,
  name,
  label,
}: {
  control: Control<StudyFormValues>;
  name: `screener.${number}.min` | `screener.${number}.max`;
  label: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {label} <span className="font-normal text-muted-foreground">(optional)</span>
          </FormLabel>
          <FormControl>
            <Input
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              type="number"
              inputMode="decimal"
              value={field.value ?? ''}
              onChange={(event) => {
                const raw = event.target.value;
                field.onChange(raw === '' ? undefined : Number(raw));
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A choice question's options: label, id and rule each; added and removed. */
function OptionsEditor({
  control,
  index,
  questionId,
  savedOption,
}: {
  control: Control<StudyFormValues>;
  index: number;
  questionId: string;
  savedOption: Set<string>;
}) {
  const name = `screener.${index}.options` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const { getValues, setValue } = useFormContext<StudyFormValues>();
  const { errors } = useFormState({ control, name });
  const addRef = useRef<HTMLButtonElement>(null);
  const optionIds = () => (getValues(name) ?? []).map((o) => o.id);
  const error = listError(errors, name);

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Options</legend>
      {error && <p className="text-sm text-destructive">{error}</p>}
      <ul className="grid gap-3">
        {fields.map((field, o) => {
          const base = `${name}.${o}` as const;
          return (
            <li
              key={field.id}
              className="grid items-start gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(9.5rem,1.2fr)_auto]"
            >
              <FormField
                control={control}
                name={`${base}.label`}
                render={({ field: input }) => (
                  <FormItem>
                    <FormLabel>
                      Option {o + 1}
                      <span aria-hidden="true" className="ml-0.5 text-destructive">
                        *
                      </span>
                    </FormLabel>
                    <FormControl>
                      <Input
                        {...input}
                        required
                        maxLength={SCREENER_LIMITS.optionLabel}
                        onChange={(event) => {
                          const id = getValues(`${base}.id`) ?? '';
                          const label = getValues(`${base}.label`) ?? '';
                          const others = optionIds().filter((_, i) => i !== o);
                          input.onChange(event);
                          const saved = savedOption.has(`${questionId}:${id}`);
                          if (followsWords(id, label, 'option', others, saved))
                            setValue(
                              `${base}.id`,
                              uniqueId(slugOf(event.target.value, 'option'), others),
                            );
                        }}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={control}
                name={`${base}.id`}
                render={({ field: input }) => (
                  <FormItem>
                    <FormLabel>Option {o + 1} id</FormLabel>
                    <FormControl>
                      <Input
                        {...input}
                        autoComplete="off"
                        spellCheck={false}
                        maxLength={40}
                        // A long id scrolls in its narrow box: the whole of it on hover.
                        title={input.value}
                        className="font-mono"
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={control}
                name={`${base}.rule`}
                render={({ field: input }) => (
                  <FormItem>
                    <FormLabel>Option {o + 1} rule</FormLabel>
                    <Select value={input.value} onValueChange={input.onChange}>
                      <FormControl>
                        <SelectTrigger ref={input.ref} onBlur={input.onBlur}>
                          <SelectValue />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {optionRules.map((rule) => (
                          <SelectItem key={rule} value={rule}>
                            {ruleLabels[rule]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="sm:pt-6">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() => {
                    remove(o);
                    addRef.current?.focus();
                  }}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove<span className="sr-only"> option {o + 1}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          ref={addRef}
          disabled={fields.length >= SCREENER_LIMITS.options}
          onClick={() => append(newOption(optionIds()))}
        >
          <PlusIcon aria-hidden="true" />
          Add option
        </Button>
      </div>
    </fieldset>
  );
}
