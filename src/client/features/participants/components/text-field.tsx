import type { HTMLInputAutoCompleteAttribute } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  optional = false,
  type = 'text',
  autoComplete,
  inputMode,
  description,
  max,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  optional?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel';
  description?: string;
  max?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            <span>
              {label}
              {optional && (
                <span className="ml-1 font-normal text-muted-foreground">(optional)</span>
              )}
            </span>
          </FormLabel>
          <FormControl>
            <Input
              {...field}
              value={(field.value as string | undefined) ?? ''}
              type={type}
              autoComplete={autoComplete}
              inputMode={inputMode}
              max={max}
            />
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
