import type { Ref } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A few choices as the browser's own radio buttons under one `name`: one Tab stop, the
 * arrow keys move and choose at once, and nothing to load beyond the page's own code (the
 * console's attendance, booking and session forms). Name the group with `label` or
 * `labelledBy`.
 */
export function ChoiceRadios<V extends string>({
  name,
  value,
  onChange,
  options,
  label,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  inputRef,
  className,
  optionClassName,
}: {
  name: string;
  value: V | '' | undefined;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string; hint?: string }[];
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  optionClassName?: string;
}) {
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn('flex flex-wrap gap-x-5 gap-y-2', className)}
    >
      {options.map((option, index) => (
        <label
          key={option.value}
          className={cn(
            'flex cursor-pointer items-start gap-2 text-sm has-disabled:cursor-default has-disabled:opacity-60',
            optionClassName,
          )}
        >
          <input
            ref={index === 0 ? inputRef : undefined}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            disabled={disabled}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span className="grid gap-0.5">
            <span>{option.label}</span>
            {option.hint && <span className="text-muted-foreground">{option.hint}</span>}
          </span>
        </label>
      ))}
    </div>
  );
}
