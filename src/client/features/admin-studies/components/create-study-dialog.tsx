import { PlusIcon } from 'lucide-react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { Form } from '@/client/components/ui/form';
import {
  StudyFormFields,
  studyFormFields,
  type StudyFormValues,
} from '@/client/components/layout/admin-study-form-fields';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { createStudySchema } from '@/shared/schemas/studies';
import { useCreateStudy } from '@/client/api/studies/create-study';
import { DialogFormActions } from '@/client/components/ui/pending-button';

type Values = StudyFormValues;
type Payload = z.output<typeof createStudySchema>;

/** Spec section 9: a study needs 10 participants unless told otherwise. */
const DEFAULT_PARTICIPANTS = '10';

const emptyValues: DefaultValues<Values> = {
  title: '',
  description: '',
  payRate: '',
  duration: '',
  maxParticipants: DEFAULT_PARTICIPANTS,
  startDate: '',
  endDate: '',
  company: '',
  tags: '',
  requirements: '',
};

/**
 * "Create test" (spec section 5): the shared createStudySchema checks the form and the
 * server checks it again; the server's field messages appear under the fields. Typed
 * values are kept if the dialog is closed without saving.
 */
export function CreateStudyDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateStudy();
  const form = useZodForm(createStudySchema, emptyValues);
  const pending = form.formState.isSubmitting;

  async function onSubmit(values: Payload) {
    try {
      const study = await create.mutateAsync(values);
      toast({ title: 'Test created', description: `"${study.title}" was added as Not Started.` });
      form.reset(emptyValues);
      setOpen(false);
    } catch (error) {
      const details = getApiErrorDetails(error);
      applyFieldErrors(form.setError, details.fieldErrors, studyFormFields);
      toastFailure('Failed to create test', error, 'The test was not created. Please try again.');
    }
  }

  const { control } = form;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Create test
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create test</DialogTitle>
          <DialogDescription>
            A new research test starts as Not Started; set it to Active to take applications.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-5">
            <StudyFormFields control={control} />
            <DialogFormActions
              pending={pending}
              onCancel={() => setOpen(false)}
              submitLabel="Create test"
              pendingLabel="Creating…"
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
