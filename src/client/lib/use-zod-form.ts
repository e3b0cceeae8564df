import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '@/client/i18n/language';

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
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
}
