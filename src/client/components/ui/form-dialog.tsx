import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from './dialog';
import { Form } from './form';
import { DialogFormActions } from './pending-button';

/**
 * A small form in a dialog (a payment's reference, the hours worked): its fields, then
 * Cancel and the submit button. While `pending` it cannot be dismissed.
 */
export function FormDialog<T extends FieldValues, C, P extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  form,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  destructive = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  form: UseFormReturn<T, C, P>;
  onSubmit: SubmitHandler<P>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
            className="grid gap-4"
          >
            {children}
            <DialogFormActions
              pending={pending}
              onCancel={() => onOpenChange(false)}
              submitLabel={submitLabel}
              pendingLabel={pendingLabel}
              destructive={destructive}
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
