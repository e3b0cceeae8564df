import { type ReactNode, useState } from 'react';
import { useT } from '@/client/i18n/language';
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
 * An action behind a confirmation. Opened by `trigger`, or (without one) controlled with
 * `open` and `onOpenChange` by a parent that opens it from a menu or a form. While
 * `onConfirm` runs (`pending`), the buttons are disabled, the dialog cannot be dismissed and
 * the confirm button says `pendingLabel`. The dialog closes when `onConfirm` gives true.
 */
export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  destructive = true,
  pendingLabel = '',
  pending = false,
  onConfirm,
}: {
  /** The button that opens the dialog (rendered as the trigger, `asChild`). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  /** The dialog's description, read with its title. */
  description: ReactNode;
  /** More, under the description. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => boolean | Promise<boolean>;
}) {
  const t = useT('ui');
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild={typeof description !== 'string'}>
            {description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>
            {cancelLabel ?? t('action.cancel')}
          </AlertDialogCancel>
          <PendingButton
            variant={destructive ? 'destructive' : undefined}
            onClick={() =>
              void Promise.resolve(onConfirm()).then((close) => close && setOpen(false))
            }
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
