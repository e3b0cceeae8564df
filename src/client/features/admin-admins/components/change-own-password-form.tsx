import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Form } from '@/client/components/ui/form';
import { TextField } from '@/client/components/ui/form-fields';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { changePasswordSchema } from '@/shared/schemas/auth';
import { messages } from '@/shared/schemas/fields';
import { useChangeAdminPassword } from '../api/change-admin-password';

/** The API's payload plus a confirmation, checked here only (a typo would lock the admin out). */
const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, messages.confirmNewPassword) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

type Values = z.input<typeof formSchema>;
type Payload = z.output<typeof formSchema>;

const emptyValues: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec section 5 "Admin change password": the current one is needed, the new one at least 6. */
export function ChangeOwnPasswordForm({ adminId }: { adminId: string }) {
  const change = useChangeAdminPassword(adminId);
  const form = useForm<Values, unknown, Payload>({
    resolver: zodResolver(formSchema),
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
        description: 'Your other sessions were signed out. Use the new password next time.',
      });
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, [
        'currentPassword',
        'newPassword',
      ]);
      toast({
        variant: 'destructive',
        title: 'Failed to update password',
        description: errorMessageOf(error, 'Current password is incorrect.'),
      });
    }
  }

  function onInvalid(errors: FieldErrors<Values>) {
    if (errors.currentPassword || errors.newPassword) {
      toast({
        variant: 'destructive',
        title: 'Invalid input',
        description: 'Please provide current password and new password (min 6 characters)',
      });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
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
        <Button type="submit" disabled={pending} className="justify-self-start">
          {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {pending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </Form>
  );
}
