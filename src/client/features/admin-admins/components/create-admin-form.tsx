import { UserPlusIcon } from 'lucide-react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toastFailure } from '@/client/lib/toast-failure';
import { Form } from '@/client/components/ui/form';
import { ChoiceField, TextField } from '@/client/components/ui/form-fields';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { createAdminFormSchema } from '@/shared/schemas/admins';
import { type CreateAdminPayload, useCreateAdmin } from '@/client/api/admins/create-admin';
import { isStepUpCancelled, useStepUp } from '@/client/features/auth/step-up';
import { roleLabels, roleOptions } from '../role-labels';

type Values = z.input<typeof createAdminFormSchema>;

const emptyValues: Values = { username: '', password: '', role: 'admin' };

/**
 * Spec section 5 "Create admin": the username is an e-mail; the password at least 6
 * characters. Needs a code entered in the last 5 minutes (step-up, decisions.md section 11):
 * the dialog asks for it and the creation is sent again.
 */
export function CreateAdminForm() {
  const create = useCreateAdmin();
  const withStepUp = useStepUp();
  // Each field's own message under it; the toast says the spec's sentence (onInvalid).
  const form = useZodForm(createAdminFormSchema, emptyValues);

  async function onSubmit(values: CreateAdminPayload) {
    try {
      const { admin } = await withStepUp(() => create.mutateAsync(values));
      form.reset(emptyValues);
      toast({
        title: 'Admin created',
        description: `${admin.email} can now sign in as ${roleLabels[admin.role].toLowerCase()} with the password you chose.`,
      });
    } catch (error) {
      if (isStepUpCancelled(error)) return;
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, [
        'username',
        'password',
      ]);
      toastFailure('Failed to create admin', error, 'The admin was not created. Please try again.');
    }
  }

  function onInvalid(errors: FieldErrors<Values>) {
    if (errors.username || errors.password) {
      toast({
        variant: 'destructive',
        title: 'Invalid input',
        description: 'Please provide valid username and password (min 6 characters)',
      });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="username"
          label="Username (e-mail)"
          type="email"
          inputMode="email"
          autoComplete="off"
          description="They sign in with this e-mail address."
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description="At least 6 characters. Share it with them privately."
        />
        <ChoiceField control={form.control} name="role" label="Role" options={roleOptions} />
        {/* Placed as the password form beside it places its button. */}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <PendingButton type="submit" pending={pending} pendingLabel="Creating…" keepFocus>
            <UserPlusIcon aria-hidden="true" />
            Create admin
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
