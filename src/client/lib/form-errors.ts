import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

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
