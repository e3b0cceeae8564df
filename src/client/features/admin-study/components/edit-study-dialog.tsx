import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useUpdateStudy } from '@/client/api/studies/update-study';
import { StudyFormDialog } from '@/client/components/layout/admin-study-form-dialog';
import type { StudyFormValues } from '@/client/components/layout/admin-study-form-fields';
import { StudyRecruitingFields } from '@/client/components/layout/admin-study-recruiting-fields';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useZodForm } from '@/client/lib/use-zod-form';
import { createStudySchema, type Study } from '@/shared/schemas/studies';

/** The study as the form shows it: every field filled from what is stored. */
const valuesOf = (study: Study): StudyFormValues => ({
  title: study.title,
  description: study.description,
  payRate: study.payRate,
  duration: String(study.duration),
  maxParticipants: String(study.maxParticipants),
  startDate: study.startDate ?? '',
  endDate: study.endDate ?? '',
  company: study.company ?? '',
  tags: study.tags.join(', '),
  requirements: study.requirements ?? '',
  criteria: study.criteria ?? {},
  screener: study.screener.map((q) => ({
    id: q.id,
    text: q.text,
    kind: q.kind,
    required: q.required,
    ...(q.options
      ? { options: q.options.map((o) => ({ id: o.id, label: o.label, rule: o.rule ?? 'neutral' })) }
      : {}),
    ...(q.min !== undefined ? { min: q.min } : {}),
    ...(q.max !== undefined ? { max: q.max } : {}),
  })),
});

/**
 * "Edit test" (decisions.md section 6): the creation fields, filled in, checked by the same
 * rules; the server checks them again against what is stored and its field messages appear
 * under the fields. Closing it returns the focus to the Edit button. A new pay rate or
 * duration applies to completions from now on: payments already created keep their amount.
 * The criteria and screener are sent whole and replace the stored ones.
 */
export function EditStudyDialog({ study }: { study: Study }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateStudy();
  const form = useZodForm(createStudySchema, valuesOf(study));

  return (
    <StudyFormDialog
      form={form}
      open={open}
      onOpenChange={(next) => {
        // Each opening starts from what is stored now, not from a draft left unsaved.
        if (next) form.reset(valuesOf(study));
        setOpen(next);
      }}
      trigger={
        <Button variant="outline">
          <PencilIcon aria-hidden="true" />
          Edit
          <span className="sr-only"> test</span>
        </Button>
      }
      title="Edit test"
      description="A new pay rate or duration applies to participants completed from now on; payments already created keep their amount."
      submitLabel="Save changes"
      pendingLabel="Saving…"
      onSave={async (values) => {
        const saved = await update.mutateAsync({
          id: study.id,
          ...values,
          // Emptied in the form: removed, not left as they were.
          company: values.company ?? '',
          requirements: values.requirements ?? '',
        });
        toast({ title: 'Test updated', description: `"${saved.title}" was saved.` });
        setOpen(false);
      }}
      failure={{
        title: 'Failed to update test',
        text: 'The test was not changed. Please try again.',
      }}
    >
      <StudyRecruitingFields control={form.control} study={study} />
    </StudyFormDialog>
  );
}
