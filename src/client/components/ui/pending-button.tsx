import { Loader2Icon } from 'lucide-react';
import { useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { Button, type ButtonProps } from './button';
import { DialogFooter } from './dialog';

/**
 * A button for work that takes a moment: while `pending` it is disabled, spins and says
 * `pendingLabel` ("Saving…") instead of its label. With `keepFocus` it is only
 * aria-disabled while pending (clicks are ignored), so a keyboard user's focus stays on it
 * instead of falling to the page.
 */
export function PendingButton({
  pending,
  pendingLabel,
  disabled,
  keepFocus = false,
  onClick,
  className,
  children,
  ...props
}: Omit<ButtonProps, 'asChild'> & {
  pending: boolean;
  pendingLabel: string;
  keepFocus?: boolean;
}) {
  const held = keepFocus && pending;
  return (
    <Button
      {...props}
      className={cn(held && 'cursor-default opacity-60', className)}
      disabled={(pending && !keepFocus) || disabled}
      aria-disabled={held || undefined}
      onClick={held ? (event) => event.preventDefault() : onClick}
    >
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
  const t = useT('ui');
  return (
    <DialogFooter>
      <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
        {t('action.cancel')}
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
