import { Loader2Icon } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { DialogFooter } from './dialog';

/**
 * A button for work that takes a moment: while `pending` it is disabled, spins and says
 * `pendingLabel` ("Saving…") instead of its label.
 */
export function PendingButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'asChild'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button {...props} disabled={pending || disabled}>
      {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A dialog form's buttons: Cancel (closes it) and the submit button, both held while pending. */
export function DialogFormActions({
  pending,
  onCancel,
  submitLabel,
  pendingLabel,
  destructive = false,
}: {
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
      <PendingButton
        type="submit"
        variant={destructive ? 'destructive' : undefined}
        pending={pending}
        pendingLabel={pendingLabel}
      >
        {submitLabel}
      </PendingButton>
    </DialogFooter>
  );
}
