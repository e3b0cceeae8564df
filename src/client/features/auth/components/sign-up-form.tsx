import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { toast } from '@/client/components/ui/use-toast';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { signUpFormSchema } from '@/shared/schemas/auth';
import { useSignUp } from '@/client/api/auth/sign-up';
import { PhoneField, TextField } from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';

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
};

const serverFields = ['firstName', 'lastName', 'email', 'phone', 'password'] as const;

/** Creates a participant account; `onSignedUp` gets the e-mail to sign in with. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const signUp = useSignUp();
  const form = useForm<SignUpValues, unknown, SignUpPayload>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: emptyValues,
  });

  async function onSubmit(values: SignUpPayload) {
    // The confirmation is checked here only; the API takes the spec's payload.
    const { confirmPassword: _confirm, ...payload } = values;
    try {
      await signUp.mutateAsync({ ...payload, userType: 'participant' });
      toast({
        title: 'Account created successfully!',
        description: 'You can now sign in with your email and password.',
      });
      form.reset(emptyValues);
      onSignedUp(payload.email);
    } catch (error) {
      reportSubmitFailure(
        form.setError,
        serverFields,
        error,
        'Sign up failed',
        (message) => message ?? 'An error occurred during registration.',
      );
    }
  }

  const pending = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
          />
          <TextField
            control={form.control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
          />
        </div>
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
        />
        <PhoneField control={form.control} name="phone" />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          description="At least 6 characters."
        />
        <TextField
          control={form.control}
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
        />
        <PendingButton
          type="submit"
          className="mt-2 w-full"
          pending={pending}
          pendingLabel="Creating account…"
        >
          Create Account
        </PendingButton>
      </form>
    </Form>
  );
}
