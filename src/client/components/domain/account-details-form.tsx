import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import {
  EmailField,
  NameFields,
  PhoneField,
  RequiredFieldsNote,
} from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { useFormErrorToast } from '@/client/lib/use-form-error-toast';
import { CurrentPasswordField, useCurrentPasswordForEmail } from './current-password-for-email';

/** The fields as typed; each account's schema turns them into its payload. */
type Fields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  currentPassword: string;
};

/** What either endpoint answers about the saved account. */
type SavedAccount = { firstName: string; lastName: string; email: string; phone: string | null };

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'currentPassword'] as const;

/**
 * An account's own names, sign-in e-mail and phone (the settings page, for a participant
 * or an admin); a new e-mail asks for the current password.
 */
export function AccountDetailsForm<
  P extends { currentPassword?: string | undefined },
  A extends SavedAccount,
>({
  schema,
  defaults,
  phoneRequired,
  save,
  onSaved,
}: {
  /** The account's shared schema, as the server parses it. */
  schema: z.ZodType<P, Partial<Fields>>;
  defaults: SavedAccount;
  phoneRequired: boolean;
  save: (payload: P) => Promise<A>;
  onSaved?: (account: A) => void;
}) {
  const t = useT('profile');
  // The schema's messages, in the page's language (see useZodForm).
  useT('validation');
  const form = useForm<Fields, unknown, P>({
    // The schemas accept the typed strings (an admin's phone may also be absent).
    resolver: zodResolver(schema) as unknown as Resolver<Fields, unknown, P>,
    defaultValues: { ...defaults, phone: defaults.phone ?? '', currentPassword: '' },
  });
  const errorToast = useFormErrorToast(form);
  const control: Control<Fields> = form.control as unknown as Control<Fields>;
  const email = useCurrentPasswordForEmail(form, defaults.email, errorToast.dismissError);

  async function onSubmit({ currentPassword, ...values }: P) {
    if (email.refuseWithoutPassword(currentPassword)) return;
    try {
      const account = await save(email.withPasswordIfNeeded(values, currentPassword) as P);
      form.reset({
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phone: account.phone ?? '',
        currentPassword: '',
      });
      toast({ title: t('updated.title'), description: t('updated.description') });
      onSaved?.(account);
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, serverFields);
      errorToast.showError({
        title: t('updateFailed.title'),
        description: errorMessageOf(error, t('account.updateFailed.default')),
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
          <NameFields control={control} required />
        </div>
        <EmailField control={control} name="email" description={t('account.emailHint')} required />
        {email.changingEmail && <CurrentPasswordField control={control} />}
        <PhoneField
          control={control}
          name="phone"
          required={phoneRequired}
          optional={!phoneRequired}
        />
        <div className="flex justify-end">
          <PendingButton
            type="submit"
            pending={form.formState.isSubmitting}
            pendingLabel={t('saving')}
          >
            {t('account.save')}
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
