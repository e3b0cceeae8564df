import { useZodForm } from '@/client/lib/use-zod-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { InviteOptInField, TermsField } from '@/client/components/domain/terms-field';
import { LEGAL_VERSIONS } from '@/shared/site';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { signUpFormSchema } from '@/shared/schemas/auth';
import { useSignUp } from '@/client/api/auth/sign-up';
import {
  EmailField,
  NameFields,
  NewPasswordField,
  PhoneField,
} from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';
import { useLanguage, useT } from '@/client/i18n/language';

type SignUpValues = z.input<typeof signUpFormSchema>;
type SignUpPayload = z.output<typeof signUpFormSchema>;

const emptyValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  userType: 'participant',
  // The schema wants `true`; the box starts unticked.
  terms: false as unknown as true,
  inviteOptIn: false,
};

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

export type SignUpCredentials = { email: string; password: string };

/**
 * Creates a participant account; `onSignedUp` gets the credentials, for the automatic
 * sign-in (as registration does: the sign-up answer does not open a session).
 */
export function SignUpForm({
  onSignedUp,
}: {
  onSignedUp: (credentials: SignUpCredentials) => Promise<void>;
}) {
  const t = useT('auth');
  const signUp = useSignUp();
  const language = useLanguage();
  const form = useZodForm(signUpFormSchema, emptyValues);

  async function onSubmit(values: SignUpPayload) {
    // The confirmation and the terms are checked here only; the API takes the spec's payload.
    const { confirmPassword: _confirm, terms: _terms, ...payload } = values;
    try {
      // Mail and SMS to the participant go in the language they signed up in.
      // The versions are the ones of the terms and notice this form linked to.
      await signUp.mutateAsync({
        ...payload,
        userType: 'participant',
        language,
        termsVersion: LEGAL_VERSIONS.terms,
        privacyVersion: LEGAL_VERSIONS.privacy,
      });
    } catch (error) {
      reportSubmitFailure(
        form.setError,
        serverFields,
        error,
        t('signUp.failedTitle'),
        (message) => message ?? t('signUp.failedFallback'),
      );
      return;
    }
    await onSignedUp({ email: payload.email, password: payload.password });
  }

  const pending = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields control={form.control} />
        </div>
        <EmailField control={form.control} name="email" />
        <PhoneField control={form.control} name="phone" />
        <NewPasswordField control={form.control} name="password" />
        <NewPasswordField
          control={form.control}
          name="confirmPassword"
          label={t('signUp.confirmPassword')}
          confirm
        />
        <TermsField control={form.control} />
        <InviteOptInField control={form.control} />
        <PendingButton
          type="submit"
          className="mt-2 w-full"
          pending={pending}
          pendingLabel={t('signUp.submitting')}
        >
          {t('signUp.submit')}
        </PendingButton>
      </form>
    </Form>
  );
}
