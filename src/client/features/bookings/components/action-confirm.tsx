import { type ReactNode, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import { PendingButton } from '@/client/components/ui/pending-button';

/** Long labels (Kiswahili at 320 px) wrap inside the dialog instead of running out of it. */
const wrapping = 'h-auto min-h-9 shrink whitespace-normal';

/**
 * A confirmation for an action that changes the application (cancel a booking, withdraw):
 * an alert dialog, not closed by a click outside. It is built on the dialog the dashboard
 * already loads (the alert dialog's code would be one more file for every page to list).
 * While the action runs the dialog cannot be dismissed; when it succeeds the dialog closes
 * and `onDone` places the focus (the button that opened it is about to go); when it fails
 * the dialog closes back onto that button and the toast says why.
 */
export function ActionConfirm({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  pending,
  onConfirm,
  onDone,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Resolves true when the action succeeded. */
  onConfirm: () => Promise<boolean>;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const succeeded = useRef(false);
  // A double click on the confirm button acts once (the second would be refused: 409).
  const running = useRef(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        role="alertdialog"
        onPointerDownOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          // The safe choice first, as an alert dialog does.
          event.preventDefault();
          cancelButton.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!succeeded.current) return;
          succeeded.current = false;
          event.preventDefault();
          onDone();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            ref={cancelButton}
            type="button"
            variant="outline"
            className={wrapping}
            disabled={pending}
            onClick={() => setOpen(false)}
          >
            {cancelLabel}
          </Button>
          <PendingButton
            variant="destructive"
            className={wrapping}
            pending={pending}
            pendingLabel={pendingLabel}
            onClick={() => {
              if (running.current) return;
              running.current = true;
              void onConfirm().then((ok) => {
                running.current = false;
                succeeded.current = ok;
                setOpen(false);
              });
            }}
          >
            {confirmLabel}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
