import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { PhoneField, RequiredFieldsNote, TextField } from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { useFormErrorToast } from '@/client/lib/use-form-error-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { type Admin, type AdminProfile, adminProfileSchema } from '@/shared/schemas/admins';
import {
  CURRENT_PASSWORD_FOR_EMAIL,
  CURRENT_PASSWORD_HINT,
  emailChanged,
  SIGN_IN_EMAIL_HINT,
} from '@/shared/schemas/participants';
import { useUpdateAdminProfile } from '@/client/api/admins/update-admin-profile';

type Values = z.input<typeof adminProfileSchema>;

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

/**
 * The profile screen's form for an admin: their own names, email and phone. The current
 * password is asked for only when the email changes, as the server requires then; the
 * form matches the participant's settings form (account-profile-form.tsx) field for field.
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
  const errorToast = useFormErrorToast(form);
  // The fields read the typed values; only the submitted payload differs (phone: null).
  const control = form.control as unknown as Control<Values>;
  const emailChanges = emailChanged(
    useWatch({ control, name: 'email' }),
    form.formState.defaultValues?.email ?? defaults.email,
  );

  async function onSubmit(values: AdminProfile) {
    // As on the participant's settings: the field says what is missing, no toast.
    if (emailChanges && !values.currentPassword) {
      errorToast.dismissError();
      form.setError(
        'currentPassword',
        { message: CURRENT_PASSWORD_FOR_EMAIL },
        { shouldFocus: true },
      );
      return;
    }
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
      errorToast.showError({
        title: 'Update failed',
        description: errorMessageOf(error, 'An error occurred while updating your profile.'),
      });
    }
  }

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit, errorToast.dismissError)}
        noValidate
        className="grid gap-4"
      >
        <RequiredFieldsNote />
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
          description={SIGN_IN_EMAIL_HINT}
          required
        />
        {emailChanges && (
          <TextField
            control={control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            description={CURRENT_PASSWORD_HINT}
          />
        )}
        <PhoneField control={control} name="phone" optional />
        <div className="flex justify-end">
          <PendingButton type="submit" pending={form.formState.isSubmitting} pendingLabel="Saving…">
            Save changes
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
