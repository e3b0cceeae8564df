import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from './api';

/**
 * Shows the server's per-field messages under the fields they name. Returns true
 * when at least one was shown; fields the form does not have are ignored.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string>,
  fields: readonly FieldPath<T>[],
): boolean {
  let shown = false;
  let first = true;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
    shown = true;
  }
  return shown;
}

/**
 * A refused or failed submission: the server's per-field messages under their fields,
 * and a red toast whose text `describe` makes from the server's message (if any).
 */
export function reportSubmitFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  error: unknown,
  title: string,
  describe: (serverMessage: string | undefined) => string,
) {
  const details = getApiErrorDetails(error);
  applyFieldErrors(setError, details.fieldErrors, fields);
  toast({ variant: 'destructive', title, description: describe(details.message) });
}
