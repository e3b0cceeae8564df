import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Form } from '@/client/components/ui/form';
import { HoneypotField, RequiredFieldsNote } from '@/client/components/ui/form-fields';

/**
 * The frame of a public lead form: posts (so it stays a form without script), says which
 * fields are required, and carries the bots' honeypot before its `actions`.
 */
export function LeadForm<T extends FieldValues, P extends FieldValues>({
  form,
  onSubmit,
  actions,
  children,
}: {
  form: UseFormReturn<T, unknown, P>;
  onSubmit: SubmitHandler<P>;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        method="post"
        noValidate
        className="relative grid gap-5"
      >
        <RequiredFieldsNote />
        {children}
        <HoneypotField register={form.register} />
        {actions}
      </form>
    </Form>
  );
}
