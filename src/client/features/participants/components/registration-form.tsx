import { useZodForm } from '@/client/lib/use-zod-form';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Checkbox } from '@/client/components/ui/checkbox';
import { toastFailure } from '@/client/lib/toast-failure';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { useLanguage, useLocalizedPath, useT } from '@/client/i18n/language';
import { paths } from '@/shared/paths';
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
  password: '',
  phone: '',
  location: '',
  age: '',
  occupation: '',
  // The schema wants `true`; the box starts unticked.
  terms: false as unknown as true,
};

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

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

export type Credentials = { email: string; password: string };

// Marks where a link goes in a translated sentence, so each language keeps its own word order.
const SLOT = '\u0000';

/** A translated sentence with links inside: `{name}` arguments become the nodes given for them. */
function withLinks(
  sentence: (args: Record<string, string>) => string,
  links: Record<string, ReactNode>,
): ReactNode[] {
  const slots = Object.fromEntries(
    Object.keys(links).map((name) => [name, `${SLOT}${name}${SLOT}`]),
  );
  return sentence(slots)
    .split(SLOT)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={part}>{links[part]}</Fragment> : part));
}

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
  const lp = useLocalizedPath();
  const form = useZodForm(participantRegistrationFormSchema, emptyValues);

  async function onSubmit(values: Payload) {
    // The terms box is checked here only; the API takes the participant fields.
    const { terms: _terms, ...payload } = values;
    try {
      // Mail and SMS to the participant go in the language they registered in.
      await register.mutateAsync({ ...payload, language });
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, serverFields);
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
        <NewPasswordField control={form.control} name="password" />
        <PhoneField control={form.control} name="phone" />
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
        <FormField
          control={form.control}
          name="terms"
          render={({ field }) => (
            <FormItem className="mt-2">
              <div className="flex items-start gap-3">
                <FormControl>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    className="mt-0.5"
                  />
                </FormControl>
                <div className="grid gap-1.5">
                  <FormLabel className="leading-snug font-normal">{t('terms.label')}</FormLabel>
                  <FormDescription>
                    {withLinks((args) => t('terms.read', args), {
                      terms: (
                        <Link to={lp(`${paths.about}#terms`)} className={linkClass}>
                          {t('terms.termsLink')}
                        </Link>
                      ),
                      privacy: (
                        <Link to={lp(`${paths.about}#privacy`)} className={linkClass}>
                          {t('terms.privacyLink')}
                        </Link>
                      ),
                    })}
                  </FormDescription>
                </div>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
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
