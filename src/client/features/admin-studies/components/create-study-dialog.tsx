import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useCreateStudy } from '@/client/api/studies/create-study';
import { StudyFormDialog } from '@/client/components/layout/admin-study-form-dialog';
import type { StudyFormValues } from '@/client/components/layout/admin-study-form-fields';
import { StudyRecruitingFields } from '@/client/components/layout/admin-study-recruiting-fields';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useZodForm } from '@/client/lib/use-zod-form';
import { createStudySchema } from '@/shared/schemas/studies';

/** Spec section 9: a study needs 10 participants unless told otherwise. */
const DEFAULT_PARTICIPANTS = '10';

const emptyValues: DefaultValues<StudyFormValues> = {
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
  criteria: {},
  screener: [],
};

/**
 * "Create test" (spec section 5): the shared createStudySchema checks the form and the
 * server checks it again; the server's field messages appear under the fields. Typed
 * values are kept if the dialog is closed without saving. Who may take part and the
 * screener are sent with the study (decisions.md section 10).
 */
export function CreateStudyDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateStudy();
  const form = useZodForm(createStudySchema, emptyValues);

  return (
    <StudyFormDialog
      form={form}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <PlusIcon aria-hidden="true" />
          Create test
        </Button>
      }
      title="Create test"
      description="A new research test starts as Not Started; set it to Active to take applications."
      submitLabel="Create test"
      pendingLabel="Creating…"
      onSave={async (values) => {
        const study = await create.mutateAsync(values);
        toast({ title: 'Test created', description: `"${study.title}" was added as Not Started.` });
        form.reset(emptyValues);
        setOpen(false);
      }}
      failure={{
        title: 'Failed to create test',
        text: 'The test was not created. Please try again.',
      }}
    >
      <StudyRecruitingFields control={form.control} />
    </StudyFormDialog>
  );
}
