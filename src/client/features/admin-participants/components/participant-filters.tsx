import { ChevronDownIcon } from 'lucide-react';
import { useId } from 'react';
import type { ParticipantFilters } from '@/client/api/participants/get-participants';
import { useOptionLabels } from '@/client/components/layout/admin-recruiting-labels';
import { Button } from '@/client/components/ui/button';
import { FilterSelect } from '@/client/components/ui/filter-controls';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { educationLevels } from '@/shared/schemas/options';
import {
  AGE_LIMITS,
  devices,
  employmentStatuses,
  genders,
  incomeBands,
  internetAccessLevels,
  kenyanCounties,
  mobileMoneyServices,
  spokenLanguages,
} from '@/shared/schemas/recruiting';

type Key = keyof ParticipantFilters;

const yesNo = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

/** A typed age the server takes: a whole 16 to 100. */
const isAge = (value: string | undefined) => {
  const age = Number(value);
  return (
    value !== undefined &&
    value !== '' &&
    Number.isInteger(age) &&
    age >= AGE_LIMITS.min &&
    age <= AGE_LIMITS.max
  );
};

/**
 * What is wrong with the typed ages, each shown under its box (and not sent: see sendable):
 * an age outside 16 to 100, or "Age from" above "Age to".
 */
export function ageProblems(filters: ParticipantFilters): {
  ageMin?: string;
  ageMax?: string;
  /** Both ages are ages, in the wrong order: neither is sent. */
  reversed: boolean;
} {
  const range = `Enter a whole age from ${AGE_LIMITS.min} to ${AGE_LIMITS.max}.`;
  const reversed =
    isAge(filters.ageMin) &&
    isAge(filters.ageMax) &&
    Number(filters.ageMin) > Number(filters.ageMax);
  return {
    ...(filters.ageMin && !isAge(filters.ageMin) ? { ageMin: range } : {}),
    ...(filters.ageMax && !isAge(filters.ageMax) ? { ageMax: range } : {}),
    ...(reversed ? { ageMax: '“Age to” must not be below “Age from”.' } : {}),
    reversed,
  };
}

/** How many filters are set: the fold's summary says it. */
export const filterCount = (filters: ParticipantFilters) =>
  Object.values(filters).filter((v) => v !== undefined && v !== '').length;

/**
 * The participants tab's filters (participantFilterSchema, decisions.md section 10): one per
 * profile field, the age range, the invitation choice, blocked, and possible duplicates. They
 * fold away; the summary counts those set.
 */
export function ParticipantFiltersPanel({
  filters,
  onChange,
}: {
  filters: ParticipantFilters;
  onChange: (filters: ParticipantFilters) => void;
}) {
  const { options, field } = useOptionLabels();
  const id = useId();
  const set = (key: Key) => (value: string | undefined) =>
    onChange({ ...filters, [key]: value || undefined });
  const count = filterCount(filters);
  const select = (key: Key, label: string, list: { value: string; label: string }[]) => (
    <FilterSelect
      label={label}
      value={filters[key]}
      onChange={set(key)}
      options={list}
      allLabel="Any"
    />
  );
  const problems = ageProblems(filters);
  const ageBox = (key: 'ageMin' | 'ageMax', label: string) => (
    <div className="grid gap-1.5 content-start">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        min={AGE_LIMITS.min}
        max={AGE_LIMITS.max}
        step={1}
        value={filters[key] ?? ''}
        onChange={(event) => set(key)(event.target.value)}
        aria-invalid={problems[key] ? true : undefined}
        aria-describedby={problems[key] ? `${id}-${key}-problem` : undefined}
      />
      {problems[key] && (
        <p id={`${id}-${key}-problem`} role="alert" className="text-xs text-destructive">
          {problems[key]}
        </p>
      )}
    </div>
  );

  return (
    <details className="group rounded-lg border">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <span>
          Filter by profile
          {count > 0 && <span className="text-muted-foreground"> ({count} set)</span>}
        </span>
        <ChevronDownIcon
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="grid gap-4 border-t p-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {select('gender', field('gender'), options('gender', genders))}
          {select(
            'county',
            field('county'),
            kenyanCounties.map((c) => ({ value: c, label: c })),
          )}
          {select('employment', field('employment'), options('employment', employmentStatuses))}
          {select('incomeBand', field('incomeBand'), options('incomeBand', incomeBands))}
          {select(
            'internetAccess',
            field('internetAccess'),
            options('internetAccess', internetAccessLevels),
          )}
          {select('education', field('education'), [...educationLevels.options])}
          {select('language', 'Speaks', options('language', spokenLanguages))}
          {select('device', 'Uses device', options('device', devices))}
          {select('mobileMoney', 'Uses mobile money', options('mobileMoney', mobileMoneyServices))}
          {ageBox('ageMin', 'Age from')}
          {ageBox('ageMax', 'Age to')}
          {select('inviteOptIn', 'Invitations', yesNo('Opted in', 'Not opted in'))}
          {select('blocked', 'Blocked', yesNo('Blocked only', 'Not blocked'))}
          {select('duplicates', 'Possible duplicates', [
            { value: 'true', label: 'Possible duplicates only' },
          ])}
        </div>
        {count > 0 && (
          <div>
            <Button type="button" variant="outline" size="sm" onClick={() => onChange({})}>
              Clear filters
            </Button>
          </div>
        )}
      </div>
    </details>
  );
}
