import { useZodForm } from '@/client/lib/use-zod-form';
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
  const form = useZodForm(participantRegistrationFormSchema, emptyValues);

  async function onSubmit(values: Payload) {
    // The terms box is checked here only; the API takes the participant fields.
    const { terms: _terms, ...payload } = values;
    try {
      await register.mutateAsync(payload);
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, serverFields);
      toastFailure('Registration failed', error, 'An error occurred during registration.');
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
            label="Location"
            optional
            autoComplete="address-level2"
          />
          <ChoiceField
            optional
            control={form.control}
            name="age"
            label="Age range"
            options={ageRanges.options}
            placeholder="Select your age range"
          />
        </div>
        <TextField
          control={form.control}
          name="occupation"
          label="Occupation"
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
                  <FormLabel className="leading-snug font-normal">
                    I agree to the terms of service and the privacy policy
                  </FormLabel>
                  <FormDescription>
                    Read the{' '}
                    <Link to={`${paths.about}#terms`} className={linkClass}>
                      Terms of Service
                    </Link>{' '}
                    and the{' '}
                    <Link to={`${paths.about}#privacy`} className={linkClass}>
                      Privacy Policy
                    </Link>
                    .
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
          pendingLabel="Creating your account…"
        >
          Join as a participant
        </PendingButton>
      </form>
    </Form>
  );
}
