import { SearchIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, type Ref, useId } from 'react';
import { cn } from '@/client/lib/utils';
import { Input } from './input';
import { Label } from './label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** The lists' search box: a label above an input with a magnifier, at most 100 characters. */
export function SearchField({
  label,
  value,
  onChange,
  hint,
  className,
  inputRef,
  ...inputProps
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A line under the box, read with it (aria-describedby). */
  hint?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id' | 'type' | 'ref'>) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          maxLength={100}
          {...inputProps}
          ref={inputRef}
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hint ? `${id}-hint` : inputProps['aria-describedby']}
          className="pl-9"
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

const ALL = 'all';

/**
 * A labelled filter select. With `allLabel`, a first option of that name stands for "no
 * filter" and is reported as `undefined`.
 */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
  allLabel,
  placeholder,
  disabled,
  describedBy,
  className,
  children,
}: {
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  options: readonly { value: T; label: string }[];
  allLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
  /** Shown under the select (e.g. why its options could not load). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? (allLabel ? ALL : undefined)}
        onValueChange={(next) => onChange(allLabel && next === ALL ? undefined : (next as T))}
        disabled={disabled}
      >
        <SelectTrigger id={id} aria-describedby={describedBy}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {children}
    </div>
  );
}
