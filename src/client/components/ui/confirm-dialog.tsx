import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { PendingButton } from './pending-button';

/**
 * A destructive action behind a confirmation: the trigger opens it; while `onConfirm`
 * runs, the buttons are disabled, the dialog cannot be dismissed and the confirm button
 * says `pendingLabel`. The dialog closes when `onConfirm` resolves to true.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  /** The button that opens the dialog (rendered as the trigger, `asChild`). */
  trigger: ReactNode;
  title: ReactNode;
  /** The dialog's description, read with its title. */
  description: ReactNode;
  /** More, under the description. */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild={typeof description !== 'string'}>
            {description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <PendingButton
            variant="destructive"
            onClick={() => void onConfirm().then((close) => close && setOpen(false))}
            pending={pending}
            pendingLabel={pendingLabel}
          >
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
