import { useZodForm } from '@/client/lib/use-zod-form';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { TextField } from '@/client/components/ui/form-fields';
import { hoursLabel } from '@/client/lib/study-text';
import { formatKes, studyPayCents } from '@/shared/rules/money';
import {
  type Application,
  type ApplicationCompletionData,
  applicationCompletionSchema,
} from '@/shared/schemas/applications';

/** The hours field starts at the study's duration, when it fits the 0 to 99.99 range. */
function defaultHours(duration: number): string {
  return duration <= 99.99 ? String(duration) : '';
}

/**
 * Completing an application: the hours worked (default the study's duration),
 * then PUT {status: 'completed', hoursWorked}. The server creates the pending
 * payment of pay rate x duration; the dialog says how much before it is sent.
 */
export function AdminCompleteApplicationDialog({
  open,
  onOpenChange,
  person,
  study,
  pending,
  onComplete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  person: string;
  study: Application['test'];
  pending: boolean;
  /** Resolves to true once completed (the dialog then closes). */
  onComplete: (hoursWorked: number) => Promise<boolean>;
}) {
  const form = useZodForm(applicationCompletionSchema, {
    hoursWorked: defaultHours(study.duration),
  });
  const payment = formatKes(studyPayCents(study.payRate, study.duration));

  async function submit(values: ApplicationCompletionData) {
    if (await onComplete(Number(values.hoursWorked))) onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<>Complete {person}</>}
      description={
        <>
          Mark {person}’s session of “{study.title}” as completed. A pending payment of{' '}
          <strong className="font-medium text-foreground">{payment}</strong> (pay rate ×{' '}
          {hoursLabel(study.duration)}) is created for them.
        </>
      }
      form={form}
      onSubmit={submit}
      // Submitting from the first click on: a second one would complete twice (a 409).
      pending={pending || form.formState.isSubmitting}
      submitLabel="Complete"
      pendingLabel="Completing…"
    >
      <TextField
        control={form.control}
        name="hoursWorked"
        label="Hours worked"
        type="number"
        inputMode="decimal"
        min={0}
        max={99.99}
        step={0.01}
        required
        description="Between 0 and 99.99; the study’s duration unless they stayed longer or left early."
      />
    </FormDialog>
  );
}
