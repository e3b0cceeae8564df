import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Form } from '@/client/components/ui/form';
import { TextField } from '@/client/components/ui/form-fields';
import { formatKes, studyPayCents } from '@/shared/rules/money';
import {
  type Application,
  type ApplicationCompletionData,
  type ApplicationCompletionInput,
  applicationCompletionSchema,
} from '@/shared/schemas/applications';
import { DialogFormActions } from '@/client/components/ui/pending-button';

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
  const form = useForm<ApplicationCompletionInput, unknown, ApplicationCompletionData>({
    resolver: zodResolver(applicationCompletionSchema),
    defaultValues: { hoursWorked: defaultHours(study.duration) },
  });
  const payment = formatKes(studyPayCents(study.payRate, study.duration));

  async function submit(values: ApplicationCompletionData) {
    if (await onComplete(Number(values.hoursWorked))) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete {person}</DialogTitle>
          <DialogDescription>
            Mark {person}’s session of “{study.title}” as completed. A pending payment of{' '}
            <strong className="font-medium text-foreground">{payment}</strong> (pay rate ×{' '}
            {study.duration} {study.duration === 1 ? 'hour' : 'hours'}) is created for them.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(submit)(event)}
            className="grid gap-4"
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
            <DialogFormActions
              pending={pending}
              onCancel={() => onOpenChange(false)}
              submitLabel="Complete"
              pendingLabel="Completing…"
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
