import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '@/client/i18n/language';
import { takeTypedBeforeHydration } from './typed-before-hydration';
import './zod-jitless';

/**
 * A form checked by a shared zod schema: its fields hold what the schema takes in, and
 * submit hands on what the schema gives out (trimmed, normalised), so the browser and
 * the server judge the input by the same rules.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  // The schema's messages come from the validation catalogue, in the page's language: it is
  // loaded with the form, before any value can be refused.
  useT('validation');
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  // Text typed into the prerendered form before it hydrated (typed-before-hydration.ts).
  useEffect(() => {
    const known = form.getValues() as Record<string, unknown>;
    for (const [name, value] of takeTypedBeforeHydration())
      if (Object.hasOwn(known, name))
        form.setValue(name as Path<z.input<S>>, value as never, { shouldDirty: true });
  }, [form]);
  return form;
}
