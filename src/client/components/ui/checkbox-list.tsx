import { XIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '@/client/lib/utils';
import { Checkbox } from './checkbox';
import { Input } from './input';
import { Label } from './label';

export type CheckboxListOption = { value: string; label: string };

/**
 * Several choices of a list, as a fieldset of checkboxes: a long list (`search`) gets a box
 * that narrows it as one types, and the chosen ones shown above it as chips, each a button
 * that removes it, so a choice hidden by the search stays in view. Every word comes from the
 * caller (the console passes English, a participant screen its catalogue).
 */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  description,
  error,
  search,
  removeLabel,
  className,
  columns = 2,
}: {
  legend: ReactNode;
  options: readonly CheckboxListOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  description?: ReactNode;
  /** The field's message, read with the group. */
  error?: string | undefined;
  /** A search box over the options: its label, and what to say when nothing matches. */
  search?: { label: string; noMatch: string } | undefined;
  /** The chip's button name, e.g. (label) => `Remove ${label}`. Chips are shown with `search`. */
  removeLabel?: (label: string) => string;
  className?: string;
  columns?: 1 | 2 | 3;
}) {
  const id = useId();
  const [term, setTerm] = useState('');
  const chosen = new Set(value);
  const needle = term.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const labelOf = new Map(options.map((o) => [o.value, o.label]));
  // Values may hold spaces or quotes ("Murang'a"): each box's id is its place in the list.
  const placeOf = new Map(options.map((o, i) => [o.value, i]));
  const toggle = (option: string, on: boolean) =>
    onChange(
      on
        ? // Kept in the options' order, so the same choice always reads the same.
          options.map((o) => o.value).filter((v) => v === option || chosen.has(v))
        : value.filter((v) => v !== option),
    );
  const describedBy =
    [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;

  return (
    <fieldset
      className={cn('grid min-w-0 gap-2', className)}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm leading-none font-medium">{legend}</legend>
      {description && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {search && value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((v) => (
            <li key={v}>
              <button
                type="button"
                onClick={() => toggle(v, false)}
                className="inline-flex items-center gap-1 rounded-full border bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                aria-label={removeLabel?.(labelOf.get(v) ?? v)}
              >
                {labelOf.get(v) ?? v}
                <XIcon className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {search && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`} className="sr-only">
            {search.label}
          </Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={term}
            placeholder={search.label}
            onChange={(event) => setTerm(event.target.value)}
            onKeyDown={(event) => {
              // Enter in the box would submit the form it sits in: it picks the only match instead.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const only = shown.length === 1 ? shown[0] : undefined;
              if (only && !chosen.has(only.value)) toggle(only.value, true);
            }}
            autoComplete="off"
            maxLength={100}
          />
        </div>
      )}
      <ul
        className={cn(
          'grid gap-x-4 gap-y-2',
          columns >= 2 && 'sm:grid-cols-2',
          columns === 3 && 'md:grid-cols-3',
          search && 'max-h-52 overflow-y-auto rounded-md border p-3',
        )}
      >
        {shown.map((option) => {
          const boxId = `${id}-${placeOf.get(option.value)}`;
          return (
            <li key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={boxId}
                checked={chosen.has(option.value)}
                onCheckedChange={(on) => toggle(option.value, on === true)}
              />
              <Label htmlFor={boxId} className="font-normal">
                {option.label}
              </Label>
            </li>
          );
        })}
      </ul>
      {search && shown.length === 0 && (
        <p className="text-sm text-muted-foreground" role="status">
          {search.noMatch}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
