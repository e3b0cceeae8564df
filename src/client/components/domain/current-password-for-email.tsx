import { type Control, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { TextField } from '@/client/components/ui/form-fields';
import { useT } from '@/client/i18n/language';
import { CURRENT_PASSWORD_FOR_EMAIL, emailChanged } from '@/shared/schemas/participants';

type WithEmail = { email?: string | undefined; currentPassword?: string | undefined };

/**
 * A new sign-in e-mail needs the current password (decisions.md section 4).
 * `changingEmail` shows the field; `refuseWithoutPassword` puts the message on it (no
 * toast: the field says what is missing) and answers whether the submit must stop.
 */
export function useCurrentPasswordForEmail<T extends WithEmail, P>(
  form: UseFormReturn<T, unknown, P>,
  savedEmail: string,
  dismissError: () => void,
) {
  const control = form.control as unknown as Control<WithEmail>;
  const changingEmail = emailChanged(
    useWatch({ control, name: 'email' }),
    form.formState.defaultValues?.email ?? savedEmail,
  );
  const setError = form.setError as unknown as UseFormReturn<WithEmail>['setError'];

  function refuseWithoutPassword(currentPassword: string | undefined): boolean {
    if (!changingEmail || currentPassword) return false;
    dismissError();
    setError('currentPassword', { message: CURRENT_PASSWORD_FOR_EMAIL() }, { shouldFocus: true });
    return true;
  }

  /** The payload to send: the password only with a new e-mail. */
  function withPasswordIfNeeded<V extends object>(values: V, currentPassword: string | undefined) {
    return changingEmail ? { ...values, currentPassword } : values;
  }

  return { changingEmail, refuseWithoutPassword, withPasswordIfNeeded };
}

export function CurrentPasswordField<T extends WithEmail>({ control }: { control: Control<T> }) {
  const t = useT('profile');
  return (
    <TextField
      control={control}
      name={'currentPassword' as Path<T>}
      label={t('currentPassword.label')}
      type="password"
      autoComplete="current-password"
      required
      description={t('currentPassword.hint')}
    />
  );
}
