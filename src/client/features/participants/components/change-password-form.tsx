import type { ReactNode } from 'react';
import { useZodForm } from '@/client/lib/use-zod-form';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { changePasswordSchema } from '@/shared/schemas/auth';
import { messages } from '@/shared/schemas/fields';
import { type PasswordTarget, useChangePassword } from '@/client/api/auth/change-password';
import { NewPasswordField, TextField } from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';

/** Spec section 5 "Password form": the API's payload plus the confirmation, checked here only. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, { error: messages.confirmNewPassword }) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });

type Values = z.input<typeof changePasswordFormSchema>;
type Payload = z.output<typeof changePasswordFormSchema>;

const emptyValues: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The toasts' words (spec section 8 has a participant's, from the catalogue, and an admin's). */
export type ChangePasswordTexts = {
  success: string;
  failureTitle: string;
  /** When the server gives no message. */
  failureDefault: string;
  /** A toast when the current or new password is invalid, beside the field messages. */
  invalid?: string;
};

/**
 * Current, new and confirmed password. `actions` renders beside the submit button
 * (a dialog's Cancel); `onChanged` runs after the success toast.
 */
export function ChangePasswordForm({
  target,
  onChanged,
  actions,
  texts: givenTexts,
}: {
  target: PasswordTarget;
  onChanged?: () => void;
  actions?: ReactNode;
  texts?: ChangePasswordTexts;
}) {
  const t = useT('profile');
  const texts: ChangePasswordTexts = givenTexts ?? {
    success: t('password.changed.description'),
    failureTitle: t('updateFailed.title'),
    failureDefault: t('password.failed.default'),
  };
  const change = useChangePassword(target);
  const form = useZodForm(changePasswordFormSchema, emptyValues);

  async function onSubmit(values: Payload) {
    try {
      await change.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset(emptyValues);
      toast({ title: t('password.changed.title'), description: texts.success });
      onChanged?.();
    } catch (error) {
      // A refused attempt leaves no password typed on the screen; the messages stay.
      for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const)
        form.setValue(field, '');
      const shown = applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, [
        'currentPassword',
        'newPassword',
      ]);
      if (!shown) form.setFocus('currentPassword');
      toast({
        variant: 'destructive',
        title: texts.failureTitle,
        description: errorMessageOf(error, texts.failureDefault),
      });
    }
  }

  function onInvalid(errors: FieldErrors<Values>) {
    if (texts.invalid && (errors.currentPassword || errors.newPassword)) {
      toast({
        variant: 'destructive',
        title: t('password.invalid.title'),
        description: texts.invalid,
      });
    }
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
        <TextField
          control={form.control}
          name="currentPassword"
          label={t('currentPassword.label')}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordField control={form.control} name="newPassword" label={t('password.new')} />
        <NewPasswordField
          control={form.control}
          name="confirmPassword"
          label={t('password.confirm')}
          confirm
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {actions}
          <PendingButton type="submit" pending={pending} pendingLabel={t('password.changing')}>
            {t('password.change')}
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
