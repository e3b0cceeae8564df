import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { toast } from '@/client/components/ui/use-toast';
import { useFormErrorToast } from '@/client/lib/use-form-error-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import {
  accountProfileSchema,
  CURRENT_PASSWORD_FOR_EMAIL,
  CURRENT_PASSWORD_HINT,
  SIGN_IN_EMAIL_HINT,
  emailChanged,
  type Participant,
} from '@/shared/schemas/participants';
import { useUpdateAccountProfile } from '@/client/api/participants/update-account-profile';
import { PhoneField, RequiredFieldsNote, TextField } from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';

type Values = z.input<typeof accountProfileSchema>;
type Payload = z.output<typeof accountProfileSchema>;

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

/** The settings page's profile form: names, e-mail and phone (spec section 5 "Profile form"). */
export function AccountProfileForm({
  defaults,
  onSaved,
}: {
  defaults: Values;
  onSaved?: (participant: Participant) => void;
}) {
  const update = useUpdateAccountProfile();
  const form = useForm<Values, unknown, Payload>({
    resolver: zodResolver(accountProfileSchema),
    defaultValues: { ...defaults, currentPassword: '' },
  });
  const errorToast = useFormErrorToast(form);
  // A new sign-in e-mail needs the current password (decisions.md section 4).
  const changingEmail = emailChanged(
    useWatch({ control: form.control, name: 'email' }),
    form.formState.defaultValues?.email ?? defaults.email,
  );

  async function onSubmit({ currentPassword, ...values }: Payload) {
    if (changingEmail && !currentPassword) {
      errorToast.dismissError();
      form.setError(
        'currentPassword',
        { message: CURRENT_PASSWORD_FOR_EMAIL },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const { participant } = await update.mutateAsync(
        changingEmail ? { ...values, currentPassword } : values,
      );
      form.reset({
        firstName: participant.firstName,
        lastName: participant.lastName,
        email: participant.email,
        phone: participant.phone,
        currentPassword: '',
      });
      toast({ title: 'Profile updated!', description: 'Your changes have been saved.' });
      onSaved?.(participant);
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, serverFields);
      errorToast.showError({
        title: 'Update failed',
        description: errorMessageOf(error, 'An error occurred while updating your profile.'),
      });
    }
  }

  const pending = form.formState.isSubmitting;
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
            control={form.control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            required
          />
          <TextField
            control={form.control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            required
          />
        </div>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          description={SIGN_IN_EMAIL_HINT}
          required
        />
        {changingEmail && (
          <TextField
            control={form.control}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            description={CURRENT_PASSWORD_HINT}
          />
        )}
        <PhoneField control={form.control} name="phone" required />
        <div className="flex justify-end">
          <PendingButton type="submit" pending={pending} pendingLabel="Saving…">
            Save changes
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
