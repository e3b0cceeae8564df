import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { cn } from '@/client/lib/utils';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
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
  trigger,
  wide = false,
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
  /** The button that opens it, if it has one: closing the dialog returns the focus to it. */
  trigger?: ReactNode;
  /** For a long form (a study's fields): a wider dialog, its fields further apart. */
  wide?: boolean;
  /** The fields. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={cn(wide && 'max-w-2xl')}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
            className={cn('grid', wide ? 'gap-5' : 'gap-4')}
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
