import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { signUpFormSchema } from '@/shared/schemas/auth';
import { useSignUp } from '@/client/api/auth/sign-up';
import { PhoneField } from '@/client/components/ui/form-fields';
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

type TextField = Exclude<keyof SignUpValues, 'userType'>;

const fields: {
  name: TextField;
  label: string;
  type: string;
  autoComplete: string;
  inputMode?: 'email' | 'tel';
  description?: string;
}[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  // Rendered by the shared PhoneField (its hint says which formats are taken).
  { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    description: 'At least 6 characters.',
  },
  {
    name: 'confirmPassword',
    label: 'Confirm password',
    type: 'password',
    autoComplete: 'new-password',
  },
];

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
      const details = getApiErrorDetails(error);
      applyFieldErrors(form.setError, details.fieldErrors, serverFields);
      toast({
        variant: 'destructive',
        title: 'Sign up failed',
        description: details.message ?? 'An error occurred during registration.',
      });
    }
  }

  const pending = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="firstName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>First name</FormLabel>
                <FormControl>
                  <Input autoComplete="given-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="lastName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Last name</FormLabel>
                <FormControl>
                  <Input autoComplete="family-name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        {fields.map((spec) =>
          spec.name === 'phone' ? (
            <PhoneField key={spec.name} control={form.control} name="phone" label={spec.label} />
          ) : (
            <FormField
              key={spec.name}
              control={form.control}
              name={spec.name}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{spec.label}</FormLabel>
                  <FormControl>
                    <Input
                      type={spec.type}
                      autoComplete={spec.autoComplete}
                      inputMode={spec.inputMode}
                      {...field}
                    />
                  </FormControl>
                  {spec.description && <FormDescription>{spec.description}</FormDescription>}
                  <FormMessage />
                </FormItem>
              )}
            />
          ),
        )}
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
