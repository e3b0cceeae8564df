import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { TextField } from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { type Admin, type AdminProfile, adminProfileSchema } from '@/shared/schemas/admins';
import { useUpdateAdminProfile } from '../api/update-admin-profile';

type Values = z.input<typeof adminProfileSchema>;

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

/**
 * The profile screen's form for an admin: their own names, e-mail and phone. The current
 * password is asked for only when the e-mail changes, as the server requires then.
 */
export function AdminProfileForm({
  defaults,
  onSaved,
}: {
  defaults: { firstName: string; lastName: string; email: string; phone: string | null };
  onSaved?: (admin: Admin) => void;
}) {
  const update = useUpdateAdminProfile();
  const form = useForm<Values, unknown, AdminProfile>({
    resolver: zodResolver(adminProfileSchema),
    defaultValues: { ...defaults, phone: defaults.phone ?? '', currentPassword: '' },
  });
  // The fields read the typed values; only the submitted payload differs (phone: null).
  const control = form.control as unknown as Control<Values>;
  const email = useWatch({ control, name: 'email' });
  const emailChanges = email.trim().toLowerCase() !== defaults.email.toLowerCase();

  async function onSubmit(values: AdminProfile) {
    try {
      const { admin } = await update.mutateAsync(
        emailChanges ? values : { ...values, currentPassword: undefined },
      );
      form.reset({
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        phone: admin.phone ?? '',
        currentPassword: '',
      });
      toast({ title: 'Profile updated!', description: 'Your changes have been saved.' });
      onSaved?.(admin);
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, serverFields);
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: errorMessageOf(error, 'An error occurred while updating your profile.'),
      });
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
          />
          <TextField
            control={control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
          />
        </div>
        <TextField
          control={control}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          description="You sign in with this address."
          required
        />
        <TextField
          control={control}
          name="phone"
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          description="For example 0712 345 678, or +44… for a number outside Kenya."
          optional
        />
        {emailChanges && (
          <TextField
            control={control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            description="Needed to change your sign-in e-mail. Your other sessions will be signed out."
            required
          />
        )}
        <div className="flex justify-end">
          <PendingButton type="submit" pending={form.formState.isSubmitting} pendingLabel="Saving…">
            Save changes
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
