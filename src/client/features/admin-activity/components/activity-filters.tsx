import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { actionFilters } from './audit-labels';
import { FilterSelect, SearchField } from '@/client/components/ui/filter-controls';

export type ActivityFilterValues = {
  search: string;
  action: string;
  who: 'anyone' | 'admin' | 'participant';
  /** Calendar days from the date inputs ("2025-03-04"), or ''. */
  fromDay: string;
  toDay: string;
};

export const noActivityFilters: ActivityFilterValues = {
  search: '',
  action: '',
  who: 'anyone',
  fromDay: '',
  toDay: '',
};

const whoOptions = [
  { value: 'anyone', label: 'Anyone' },
  { value: 'admin', label: 'Admins' },
  { value: 'participant', label: 'Participants' },
] as const satisfies readonly { value: ActivityFilterValues['who']; label: string }[];

type Props = {
  values: ActivityFilterValues;
  onChange: (values: ActivityFilterValues) => void;
  /** Shown under the period when it is backwards. */
  rangeError: string | undefined;
  /** Clears these filters and any narrowing made elsewhere (`canClear`). */
  onClear: () => void;
  canClear: boolean;
};

/** Search, action, who and period: every filter the audit log's endpoint takes. */
export function ActivityFilters({ values, onChange, rangeError, onClear, canClear }: Props) {
  const id = useId();
  const set = (patch: Partial<ActivityFilterValues>) => onChange({ ...values, ...patch });
  const changed =
    canClear ||
    values.search !== '' ||
    values.action !== '' ||
    values.who !== 'anyone' ||
    values.fromDay !== '' ||
    values.toDay !== '';

  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">Filter the activity</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
        <SearchField
          label="Search"
          value={values.search}
          onChange={(search) => set({ search })}
          placeholder="E-mail, name, record id or IP"
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect
          label="Action"
          value={values.action || undefined}
          onChange={(action) => set({ action: action ?? '' })}
          options={actionFilters}
          allLabel="All actions"
        />
        <FilterSelect
          label="Who"
          value={values.who}
          onChange={(who) => set({ who: who ?? 'anyone' })}
          options={whoOptions}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={values.fromDay}
            max={values.toDay || undefined}
            onChange={(event) => set({ fromDay: event.target.value })}
            className="sm:w-44"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={values.toDay}
            min={values.fromDay || undefined}
            onChange={(event) => set({ toDay: event.target.value })}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            className="sm:w-44"
          />
        </div>
        {changed && (
          <Button variant="ghost" onClick={onClear} className="sm:ml-auto">
            Clear filters
          </Button>
        )}
      </div>
      <p id={`${id}-range-error`} role="alert" className="text-sm text-destructive empty:hidden">
        {rangeError}
      </p>
    </fieldset>
  );
}
