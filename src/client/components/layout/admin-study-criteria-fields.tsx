import { useMemo } from 'react';
import { type Control, useFormState, get } from 'react-hook-form';
import { useAllStudies } from '@/client/api/studies/get-studies';
import { CheckboxList } from '@/client/components/ui/checkbox-list';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import {
  AGE_LIMITS,
  devices,
  employmentStatuses,
  genders,
  incomeBands,
  kenyanCounties,
  PREFER_NOT_TO_SAY,
  spokenLanguages,
} from '@/shared/schemas/recruiting';
import type { StudyFormValues } from './admin-study-form-fields';
import { type OptionSet, useOptionLabels } from './admin-recruiting-labels';

type ListName =
  | 'criteria.genders'
  | 'criteria.counties'
  | 'criteria.employment'
  | 'criteria.devices'
  | 'criteria.languages'
  | 'criteria.incomeBands'
  | 'criteria.excludeStudies'
  | 'criteria.excludeTags';

const withoutDecline = (values: readonly string[]) => values.filter((v) => v !== PREFER_NOT_TO_SAY);
const countyOptions = kenyanCounties.map((c) => ({ value: c, label: c }));

/** One list criterion: its checkboxes, bound to the form, its message under it. */
function ListCriterion({
  control,
  name,
  legend,
  options,
  description,
  searchLabel,
  columns,
}: {
  control: Control<StudyFormValues>;
  name: ListName;
  legend: string;
  options: readonly { value: string; label: string }[];
  description?: string;
  searchLabel?: string;
  columns?: 1 | 2 | 3;
}) {
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string } | undefined;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <CheckboxList
          legend={legend}
          options={options}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          description={description}
          error={error?.message}
          columns={columns}
          search={
            searchLabel
              ? { label: searchLabel, noMatch: 'Nothing matches that search.' }
              : undefined
          }
          removeLabel={(label) => `Remove ${label}`}
        />
      )}
    />
  );
}

/** An age bound: typed as digits, held as a number (or nothing) as criteriaSchema takes it. */
function AgeField({
  control,
  name,
  label,
}: {
  control: Control<StudyFormValues>;
  name: 'criteria.ageMin' | 'criteria.ageMax';
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
              inputMode="numeric"
              min={AGE_LIMITS.min}
              max={AGE_LIMITS.max}
              step={1}
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

/**
 * Who may take part (decisions.md section 10): every criterion set must be met, and a
 * participant whose profile field is empty does not meet it. `studyId` is left out of the
 * studies it can exclude.
 */
export function StudyCriteriaFields({
  control,
  studyId,
  storedTags,
}: {
  control: Control<StudyFormValues>;
  studyId?: string | undefined;
  /** Exclusion tags already set, kept as options even when no study has them any more. */
  storedTags?: readonly string[];
}) {
  const { options, field } = useOptionLabels();
  const studies = useAllStudies();
  const studyOptions = useMemo(
    () =>
      (studies.data?.tests ?? [])
        .filter((s) => s.id !== studyId)
        .map((s) => ({ value: s.id, label: s.title })),
    [studies.data, studyId],
  );
  const tagOptions = useMemo(() => {
    const tags = new Set(storedTags);
    for (const s of studies.data?.tests ?? []) for (const tag of s.tags) tags.add(tag);
    return [...tags].sort((a, b) => a.localeCompare(b)).map((t) => ({ value: t, label: t }));
  }, [studies.data, storedTags]);
  const set = (name: OptionSet, values: readonly string[]) => options(name, withoutDecline(values));

  return (
    <div className="grid gap-5">
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <AgeField control={control} name="criteria.ageMin" label="Minimum age" />
        <AgeField control={control} name="criteria.ageMax" label="Maximum age" />
      </div>
      <ListCriterion
        control={control}
        name="criteria.genders"
        legend={field('gender')}
        options={set('gender', genders)}
        columns={3}
      />
      <ListCriterion
        control={control}
        name="criteria.counties"
        legend="Counties"
        options={countyOptions}
        searchLabel="Search counties"
        columns={3}
      />
      <ListCriterion
        control={control}
        name="criteria.employment"
        legend={field('employment')}
        options={set('employment', employmentStatuses)}
      />
      <ListCriterion
        control={control}
        name="criteria.devices"
        legend="Devices (any one of them)"
        options={set('device', devices)}
      />
      <ListCriterion
        control={control}
        name="criteria.languages"
        legend="Languages (any one of them)"
        options={set('language', spokenLanguages)}
        columns={3}
      />
      <ListCriterion
        control={control}
        name="criteria.incomeBands"
        legend={field('incomeBand')}
        options={set('incomeBand', incomeBands)}
      />
      <ListCriterion
        control={control}
        name="criteria.excludeStudies"
        legend="Leave out who took part in these studies"
        description="Anyone scheduled in, or who completed, one of them: research needs fresh eyes."
        options={studyOptions}
        searchLabel={studies.isPending ? 'Loading studies…' : 'Search studies'}
        columns={1}
      />
      <ListCriterion
        control={control}
        name="criteria.excludeTags"
        legend="Leave out who took part in studies tagged"
        options={tagOptions}
        description={tagOptions.length === 0 ? 'No study has tags yet.' : undefined}
        columns={3}
      />
    </div>
  );
}
