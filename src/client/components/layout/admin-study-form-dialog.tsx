import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
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
}) {
  async function onSubmit(values: StudyPayload) {
    try {
      await onSave(values);
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, studyFormFields);
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
    </FormDialog>
  );
}
