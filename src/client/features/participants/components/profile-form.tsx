import { ArrowLeftIcon, ArrowRightIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Control, type FieldPath, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { say, text } from '@/shared/schemas/fields';
import { useZodForm } from '@/client/lib/use-zod-form';
import { Button } from '@/client/components/ui/button';
import { CheckboxList } from '@/client/components/ui/checkbox-list';
import { ChoiceRadios } from '@/client/components/ui/choice-radios';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { ChoiceField, TextField } from '@/client/components/ui/form-fields';
import { Input } from '@/client/components/ui/input';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { useFormErrorToast } from '@/client/lib/use-form-error-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { withExclusiveNone } from '@/client/features/participants/mobile-money';
import { cn } from '@/client/lib/utils';
import { ageFromDateOfBirth } from '@/shared/rules/profile';
import { ageRanges, educationLevels } from '@/shared/schemas/options';
import {
  type Participant,
  type ParticipantProfileUpdateInput,
  researchProfileSchema,
} from '@/shared/schemas/participants';
import {
  devices,
  employmentStatuses,
  genders,
  incomeBands,
  internetAccessLevels,
  kenyanCounties,
  mobileMoneyServices,
  recruitingProfileFields,
  spokenLanguages,
} from '@/shared/schemas/recruiting';
import { useUpdateParticipantProfile } from '@/client/api/participants/update-participant-profile';
import { canonicalCounty, isWholeCountyName } from '@/client/features/participants/county-name';

/**
 * One of `values`, or '' for "not given" (clears it on the server). The message is on each
 * part: on the union alone, zod reports the literal's own "expected \"\"".
 */
const choiceOrEmpty = <const T extends readonly [string, ...string[]]>(
  values: T,
  message = say('choice'),
) =>
  z
    .union([z.literal('', { error: message }), z.enum(values, { error: message })], {
      error: message,
    })
    .optional();

/**
 * The spec's fields and the research profile of decisions.md section 10, in one form: the
 * rules of PUT /api/participants/{id}/profile (recruitingProfileFields), kept as typed.
 */
const formSchema = researchProfileSchema.extend({
  gender: choiceOrEmpty(genders),
  county: choiceOrEmpty(kenyanCounties, say('county')),
  town: text(say('label.town'), { max: 100, kind: 'plain' }).optional(),
  employment: choiceOrEmpty(employmentStatuses),
  incomeBand: choiceOrEmpty(incomeBands),
  languages: recruitingProfileFields.languages,
  devices: recruitingProfileFields.devices,
  mobileMoney: recruitingProfileFields.mobileMoney,
  internetAccess: choiceOrEmpty(internetAccessLevels),
});
type Values = z.input<typeof formSchema>;

type Field = keyof Values & FieldPath<Values>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
type AgeRange = (typeof ageRanges.values)[number];
type Education = (typeof educationLevels.values)[number];
const isAgeRange = (value: string | null): value is AgeRange =>
  value !== null && (ageRanges.values as readonly string[]).includes(value);
const isEducation = (value: string | null): value is Education =>
  value !== null && (educationLevels.values as readonly string[]).includes(value);

function valuesOf(p: Participant): Values {
  return {
    location: p.location ?? '',
    // An age worked out from the date of birth is a number, not one of the ranges.
    age: isAgeRange(p.age) ? p.age : '',
    occupation: p.occupation ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    education: isEducation(p.education) ? p.education : '',
    gender: p.gender ?? '',
    county: p.county ?? '',
    town: p.town ?? '',
    employment: p.employment ?? '',
    incomeBand: p.incomeBand ?? '',
    languages: p.languages,
    devices: p.devices,
    mobileMoney: p.mobileMoney,
    internetAccess: p.internetAccess ?? '',
  };
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The steps, each short enough for a phone; every field is in exactly one. */
const steps = [
  { id: 'about', fields: ['dateOfBirth', 'age', 'gender', 'education', 'languages'] },
  {
    id: 'where',
    fields: ['county', 'town', 'location', 'employment', 'occupation', 'incomeBand'],
  },
  { id: 'phone', fields: ['devices', 'mobileMoney', 'internetAccess'] },
] as const satisfies readonly { id: string; fields: readonly Field[] }[];
const allFields = steps.flatMap((s) => s.fields);
const stepOf = (field: string) =>
  steps.findIndex((s) => (s.fields as readonly string[]).includes(field));

/** What differs from what was saved; '' and [] clear a field on the server. */
function changesOf(now: Values, saved: Values): ParticipantProfileUpdateInput {
  const changes: Record<string, unknown> = {};
  for (const field of allFields) {
    if (JSON.stringify(now[field] ?? '') !== JSON.stringify(saved[field] ?? ''))
      changes[field] = now[field];
  }
  // With a date of birth the server sets the age itself.
  if (now.dateOfBirth) delete changes.age;
  return changes as ParticipantProfileUpdateInput;
}

/**
 * The dashboard's research profile (decisions.md section 10): the spec's location, age,
 * occupation, date of birth and education with the section 10 fields, in three steps that
 * fit a phone. Every field is optional and says why it is asked; what is typed stays while
 * moving between steps, and Save profile (on every step) sends what changed. With a date of
 * birth the age is worked out from it (spec section 4) and the age range is not asked.
 */
export function ProfileForm({
  participant,
  onSaved,
}: {
  participant: Participant;
  onSaved?: (participant: Participant) => void;
}) {
  const t = useT('profile');
  const r = useT('recruiting');
  const update = useUpdateParticipantProfile(participant.id);
  const form = useZodForm(formSchema, valuesOf(participant));
  const saved = useRef(valuesOf(participant));
  const errorToast = useFormErrorToast(form);
  const [step, setStep] = useState(0);
  const moved = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const dateOfBirth = useWatch({ control: form.control, name: 'dateOfBirth' }) ?? '';
  const computedAge =
    ISO_DATE.test(dateOfBirth) && dateOfBirth <= todayIso()
      ? ageFromDateOfBirth(dateOfBirth)
      : null;

  // A step change moves the focus to the new step's heading (keyboard and screen readers
  // start at its top); the first render leaves the focus where it is.
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus();
  }, [step]);

  function goTo(next: number) {
    moved.current = true;
    setStep(next);
  }

  /** Shows the step of the first field in error, then focuses that field. */
  function showFirstError(fields: readonly string[]) {
    const first = allFields.find((f) => fields.includes(f));
    if (!first) return;
    const target = stepOf(first);
    if (target !== step) {
      moved.current = false;
      setStep(target);
    }
    requestAnimationFrame(() => form.setFocus(first));
  }

  async function onSubmit() {
    const changes = changesOf(form.getValues(), saved.current);
    if (Object.keys(changes).length === 0) {
      toast({ title: t('research.noChanges') });
      return;
    }
    try {
      const answer = await update.mutateAsync(changes);
      saved.current = valuesOf(answer.participant);
      form.reset(saved.current);
      toast({ title: t('updated.title'), description: t('updated.description') });
      onSaved?.(answer.participant);
    } catch (error) {
      const { fieldErrors } = getApiErrorDetails(error);
      const named = allFields.filter((f) => fieldErrors[f]);
      for (const field of named)
        form.setError(field, { type: 'server', message: fieldErrors[field] });
      showFirstError(named);
      errorToast.showError({
        title: t('updateFailed.title'),
        description: errorMessageOf(error, t('form.updateFailed.default')),
      });
    }
  }

  const pending = form.formState.isSubmitting;
  const last = step === steps.length - 1;
  const educationOptions = educationLevels.values.map((value) => ({
    value,
    label: t(`option.education.${value}`),
  }));
  const hidden = (index: number) => index !== step;

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit, (errors) => {
          errorToast.dismissError();
          showFirstError(Object.keys(errors));
        })}
        noValidate
        className="grid gap-5"
        aria-labelledby={`${id}-step-title`}
      >
        <StepIndicator step={step} titleId={`${id}-step-title`} headingRef={headingRef} />

        <div hidden={hidden(0)} className="grid items-start gap-5 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="dateOfBirth"
            label={r('field.dateOfBirth')}
            description={r('why.dateOfBirth')}
            type="date"
            optional
            autoComplete="bday"
            max={todayIso()}
          />
          {computedAge === null ? (
            <ChoiceField
              optional
              control={form.control}
              name="age"
              label={t('form.ageRange')}
              options={ageRanges.options}
              placeholder={t('form.ageRange.placeholder')}
            />
          ) : (
            <div className="grid content-start gap-2">
              <p className="text-sm leading-none font-medium">{t('form.age')}</p>
              <p className="flex h-10 items-center text-sm" aria-live="polite">
                {t('form.age.years', { count: computedAge })}
                <span className="ml-1 text-muted-foreground">{t('form.age.fromDateOfBirth')}</span>
              </p>
            </div>
          )}
          <RadiosField
            control={form.control}
            name="gender"
            label={r('field.gender')}
            why={r('why.gender')}
            options={genders.map((v) => ({ value: v, label: r(`gender.${v}`) }))}
          />
          <ChoiceField
            optional
            control={form.control}
            name="education"
            label={r('field.education')}
            description={r('why.education')}
            options={educationOptions}
            placeholder={t('form.education.placeholder')}
          />
          <ListField
            control={form.control}
            name="languages"
            label={r('field.languages')}
            why={r('why.languages')}
            options={spokenLanguages.map((v) => ({ value: v, label: r(`language.${v}`) }))}
            className="sm:col-span-2"
          />
        </div>

        <div hidden={hidden(1)} className="grid items-start gap-5 sm:grid-cols-2">
          <CountyField control={form.control} />
          <TextField
            control={form.control}
            name="town"
            label={r('field.town')}
            description={r('why.town')}
            optional
            autoComplete="address-level2"
          />
          <TextField
            control={form.control}
            name="location"
            label={t('form.location')}
            description={t('research.locationHint')}
            optional
          />
          <ChoiceField
            optional
            control={form.control}
            name="employment"
            label={r('field.employment')}
            description={r('why.employment')}
            options={employmentStatuses.map((v) => ({ value: v, label: r(`employment.${v}`) }))}
            placeholder={t('research.choose')}
          />
          <TextField
            control={form.control}
            name="occupation"
            label={r('field.occupation')}
            description={r('why.occupation')}
            optional
            autoComplete="organization-title"
          />
          <ChoiceField
            optional
            control={form.control}
            name="incomeBand"
            label={r('field.incomeBand')}
            description={r('why.incomeBand')}
            options={incomeBands.map((v) => ({ value: v, label: r(`incomeBand.${v}`) }))}
            placeholder={t('research.choose')}
          />
        </div>

        <div hidden={hidden(2)} className="grid items-start gap-5">
          <ListField
            control={form.control}
            name="devices"
            label={r('field.devices')}
            why={r('why.devices')}
            options={devices.map((v) => ({ value: v, label: r(`device.${v}`) }))}
          />
          <ListField
            control={form.control}
            name="mobileMoney"
            label={r('field.mobileMoney')}
            why={r('why.mobileMoney')}
            options={mobileMoneyServices.map((v) => ({ value: v, label: r(`mobileMoney.${v}`) }))}
          />
          <RadiosField
            control={form.control}
            name="internetAccess"
            label={r('field.internetAccess')}
            why={r('why.internetAccess')}
            options={internetAccessLevels.map((v) => ({
              value: v,
              label: r(`internetAccess.${v}`),
            }))}
            column
          />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          {step > 0 ? (
            <Button type="button" variant="ghost" onClick={() => goTo(step - 1)}>
              <ArrowLeftIcon aria-hidden="true" />
              {t('research.back')}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <PendingButton
              type="submit"
              variant={last ? 'default' : 'outline'}
              pending={pending}
              keepFocus
              pendingLabel={t('saving')}
            >
              {t('form.save')}
            </PendingButton>
            {!last && (
              <Button type="button" onClick={() => goTo(step + 1)}>
                {t('research.next')}
                <ArrowRightIcon aria-hidden="true" />
              </Button>
            )}
          </div>
        </div>
        <p className="sr-only" aria-live="polite">
          {t('research.stepOf', { step: step + 1, count: steps.length })}
        </p>
      </form>
    </Form>
  );
}

/** "Step 2 of 3" and the step's name as a heading, with the three steps as bars. */
function StepIndicator({
  step,
  titleId,
  headingRef,
}: {
  step: number;
  titleId: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT('profile');
  return (
    <div className="grid gap-2">
      <ol className="grid grid-cols-3 gap-2" aria-label={t('research.stepsLabel')}>
        {steps.map((s, index) => (
          <li
            key={s.id}
            aria-current={index === step ? 'step' : undefined}
            className="grid gap-1.5 text-xs text-muted-foreground aria-[current=step]:font-medium aria-[current=step]:text-foreground"
          >
            <span
              aria-hidden="true"
              className={cn('h-1.5 rounded-full', index <= step ? 'bg-primary' : 'bg-muted')}
            />
            <span className="hidden sm:block">{t(`research.step.${s.id}`)}</span>
            <span className="sr-only sm:hidden">{t(`research.step.${s.id}`)}</span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted-foreground" aria-hidden="true">
        {t('research.stepOf', { step: step + 1, count: steps.length })}
      </p>
      <h4
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold outline-none"
      >
        {t(`research.step.${steps[step]?.id ?? 'about'}`)}
      </h4>
    </div>
  );
}

/** A single choice of a few options as radio buttons, with why it is asked. */
function RadiosField({
  control,
  name,
  label,
  why,
  options,
  column = false,
}: {
  control: Control<Values>;
  name: 'gender' | 'internetAccess';
  label: string;
  why: string;
  options: { value: string; label: string }[];
  column?: boolean;
}) {
  const ui = useT('ui');
  const id = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem className="content-start">
          <p id={`${id}-label`} className="text-sm leading-none font-medium">
            {label} <span className="font-normal text-muted-foreground">{ui('form.optional')}</span>
          </p>
          <ChoiceRadios
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            options={options}
            labelledBy={`${id}-label`}
            describedBy={`${id}-why${fieldState.error ? ` ${id}-error` : ''}`}
            invalid={!!fieldState.error}
            inputRef={field.ref}
            className={cn(column && 'grid gap-y-2')}
          />
          <p id={`${id}-why`} className="text-sm text-muted-foreground">
            {why}
          </p>
          {fieldState.error && (
            <p id={`${id}-error`} className="text-sm font-medium text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </FormItem>
      )}
    />
  );
}

/** Several choices as checkboxes, with why they are asked. */
function ListField({
  control,
  name,
  label,
  why,
  options,
  className,
}: {
  control: Control<Values>;
  name: 'languages' | 'devices' | 'mobileMoney';
  label: string;
  why: string;
  options: { value: string; label: string }[];
  className?: string;
}) {
  const ui = useT('ui');
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CheckboxList
          legend={
            <>
              {label}{' '}
              <span className="font-normal text-muted-foreground">{ui('form.optional')}</span>
            </>
          }
          options={options}
          value={field.value ?? []}
          onChange={(next) =>
            field.onChange(
              name === 'mobileMoney' ? withExclusiveNone(field.value ?? [], next) : next,
            )
          }
          description={why}
          error={fieldState.error?.message}
          className={className}
        />
      )}
    />
  );
}

/**
 * The county: typed with the 47 names offered as the person types (the browser's own
 * suggestion list), and set to the county's own spelling when it leaves the box.
 */
function CountyField({ control }: { control: Control<Values> }) {
  const r = useT('recruiting');
  const t = useT('profile');
  const ui = useT('ui');
  const listId = useId();
  return (
    <FormField
      control={control}
      name="county"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            <span>
              {r('field.county')}{' '}
              <span className="font-normal text-muted-foreground">{ui('form.optional')}</span>
            </span>
          </FormLabel>
          <FormControl>
            <Input
              {...field}
              value={field.value ?? ''}
              list={listId}
              autoComplete="off"
              placeholder={t('research.countyPlaceholder')}
              onChange={(event) => {
                // A name typed whole, in any case, takes the county's own spelling at once.
                const typed = event.target.value;
                field.onChange(isWholeCountyName(typed) ? canonicalCounty(typed) : typed);
              }}
              onBlur={() => {
                const value = field.value ?? '';
                if (value) field.onChange(canonicalCounty(value));
                field.onBlur();
              }}
            />
          </FormControl>
          <datalist id={listId}>
            {kenyanCounties.map((county) => (
              <option key={county} value={county} />
            ))}
          </datalist>
          <FormDescription>{r('why.county')}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
