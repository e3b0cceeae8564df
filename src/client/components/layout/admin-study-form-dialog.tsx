import type { ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  StudyFormFields,
  studyFormFields,
  type StudyFormValues,
} from '@/client/components/layout/admin-study-form-fields';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { toastFailure } from '@/client/lib/toast-failure';
import type { createStudySchema } from '@/shared/schemas/studies';

export type StudyPayload = z.output<typeof createStudySchema>;

/**
 * The dialog of "Create test" and "Edit test": the study's fields, opened by `trigger`, and
 * not closed while saving. `onSave` saves, says so and closes; if it throws, the server's
 * field messages appear under the fields and `failure` is toasted.
 */
export function StudyFormDialog({
  form,
  onSave,
  failure,
  children,
  ...dialog
}: {
  form: UseFormReturn<StudyFormValues, unknown, StudyPayload>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  onSave: (values: StudyPayload) => Promise<void>;
  failure: { title: string; text: string };
  /** More of the form under the study's fields (its criteria and screener). */
  children?: ReactNode;
}) {
  async function onSubmit(values: StudyPayload) {
    try {
      await onSave(values);
    } catch (error) {
      const { fieldErrors } = getApiErrorDetails(error);
      // The criteria's and screener's messages name a path inside them ("screener.0.text").
      const nested = Object.keys(fieldErrors).filter((key) =>
        /^(criteria|screener)(\.|$)/.test(key),
      ) as FieldPath<StudyFormValues>[];
      applyFieldErrors(form.setError, fieldErrors, [...studyFormFields, ...nested]);
      toastFailure(failure.title, error, failure.text);
    }
  }

  return (
    <FormDialog
      {...dialog}
      form={form}
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      wide
    >
      <StudyFormFields control={form.control} />
      {children}
    </FormDialog>
  );
}
