import { useState } from 'react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { Button } from '@/client/components/ui/button';
import { LEGAL_VERSIONS } from '@/shared/site';
import type { z } from 'zod';
import { InviteOptInField, TermsField } from '@/client/components/domain/terms-field';
import { toastFailure } from '@/client/lib/toast-failure';
import { Form } from '@/client/components/ui/form';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { useLanguage, useT } from '@/client/i18n/language';
import { ageRanges } from '@/shared/schemas/options';
import { participantRegistrationFormSchema } from '@/shared/schemas/participants';
import { useRegisterParticipant } from '@/client/api/participants/register-participant';
import {
  ChoiceField,
  EmailField,
  NameFields,
  NewPasswordField,
  PhoneField,
  TextField,
} from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';

type Values = z.input<typeof participantRegistrationFormSchema>;
type Payload = z.output<typeof participantRegistrationFormSchema>;

const emptyValues: Values = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  location: '',
  age: '',
  occupation: '',
  // The schema wants `true`; the box starts unticked.
  terms: false as unknown as true,
  // Its own choice, apart from the terms, and unticked until chosen (decisions.md section 10).
  inviteOptIn: false,
};

/** The server's refusal of the consent versions the page showed: it was open while they changed. */
const VERSION_FIELDS = ['termsVersion', 'privacyVersion'] as const;

const serverFields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'phone',
  'location',
  'age',
  'occupation',
] as const;

export type Credentials = { email: string; password: string };

/**
 * Participant registration (spec section 2). `onRegistered` gets the credentials once
 * the account exists, for the automatic sign-in.
 */
export function RegistrationForm({
  onRegistered,
}: {
  onRegistered: (credentials: Credentials) => Promise<void>;
}) {
  const register = useRegisterParticipant();
  const t = useT('registration');
  const language = useLanguage();
  const form = useZodForm(participantRegistrationFormSchema, emptyValues);
  const [staleTerms, setStaleTerms] = useState<string | null>(null);

  async function onSubmit(values: Payload) {
    // The confirmation and the terms box are checked here only; the API takes the
    // participant fields.
    const { confirmPassword: _confirm, terms: _terms, ...payload } = values;
    try {
      // Mail and SMS to the participant go in the language they registered in; the versions
      // are the ones of the terms and notice this page linked to.
      await register.mutateAsync({
        ...payload,
        language,
        termsVersion: LEGAL_VERSIONS.terms,
        privacyVersion: LEGAL_VERSIONS.privacy,
      });
    } catch (error) {
      const { fieldErrors } = getApiErrorDetails(error);
      const stale = VERSION_FIELDS.map((f) => fieldErrors[f]).find(Boolean);
      if (stale) setStaleTerms(stale);
      applyFieldErrors(form.setError, fieldErrors, serverFields);
      toastFailure(t('toast.failed'), error, t('toast.failedFallback'));
      return;
    }
    await onRegistered({ email: payload.email, password: payload.password });
  }

  const pending = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields control={form.control} />
        </div>
        <EmailField control={form.control} name="email" />
        {/* The order and the fields of the sign-up form: phone, password, its confirmation. */}
        <PhoneField control={form.control} name="phone" />
        <NewPasswordField control={form.control} name="password" />
        <NewPasswordField
          control={form.control}
          name="confirmPassword"
          label={t('field.confirmPassword')}
          confirm
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="location"
            label={t('field.location')}
            optional
            autoComplete="address-level2"
          />
          <ChoiceField
            optional
            control={form.control}
            name="age"
            label={t('field.age')}
            // The age ranges are figures ("25–34"), the same in either language.
            options={ageRanges.options}
            placeholder={t('field.agePlaceholder')}
          />
        </div>
        <TextField
          control={form.control}
          name="occupation"
          label={t('field.occupation')}
          optional
          autoComplete="organization-title"
        />
        <TermsField control={form.control} />
        <InviteOptInField control={form.control} />
        {staleTerms && (
          <div
            role="alert"
            className="grid justify-items-start gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm"
          >
            <p>{staleTerms}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => window.location.reload()}
            >
              {t('versionChanged.reload')}
            </Button>
          </div>
        )}
        <PendingButton
          type="submit"
          className="mt-2 w-full"
          pending={pending}
          pendingLabel={t('submitPending')}
        >
          {t('submit')}
        </PendingButton>
      </form>
    </Form>
  );
}
