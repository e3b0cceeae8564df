import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Form } from '@/client/components/ui/form';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { changePasswordSchema } from '@/shared/schemas/auth';
import { messages } from '@/shared/schemas/fields';
import { type PasswordTarget, useChangePassword } from '../api/change-password';
import { TextField } from '@/client/components/ui/form-fields';

/** Spec section 5 "Password form": the API's payload plus the confirmation, checked here only. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, messages.confirmNewPassword) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

type Values = z.input<typeof changePasswordFormSchema>;
type Payload = z.output<typeof changePasswordFormSchema>;

const emptyValues: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Current, new and confirmed password. `actions` renders beside the submit button
 * (a dialog's Cancel); `onChanged` runs after the success toast.
 */
export function ChangePasswordForm({
  target,
  onChanged,
  actions,
}: {
  target: PasswordTarget;
  onChanged?: () => void;
  actions?: ReactNode;
}) {
  const change = useChangePassword(target);
  const form = useForm<Values, unknown, Payload>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyValues,
  });

  async function onSubmit(values: Payload) {
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset(emptyValues);
      toast({
        title: 'Password changed!',
        description: 'Use your new password the next time you sign in.',
      });
      onChanged?.();
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, [
        'currentPassword',
        'newPassword',
      ]);
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessageOf(error, 'Failed to change password'),
      });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          control={form.control}
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          description="At least 6 characters."
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {actions}
          <Button type="submit" disabled={pending}>
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {pending ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
