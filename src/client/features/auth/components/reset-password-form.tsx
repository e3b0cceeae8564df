import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Form } from '@/client/components/ui/form';
import { NewPasswordField } from '@/client/components/ui/form-fields';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { paths } from '@/shared/paths';
import { messages } from '@/shared/schemas/fields';
import { resetPasswordSchema } from '@/shared/schemas/auth';
import { useResetPassword } from '@/client/api/auth/reset-password';
import { PendingButton } from '@/client/components/ui/pending-button';
import { useT } from '@/client/i18n/language';

const resetPasswordFormSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string().min(1, { error: messages.confirmPassword }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
type Payload = z.output<typeof resetPasswordFormSchema>;

/** Whether a token has the shape the server accepts, so a mangled link fails at once. */
export function isWellFormedToken(token: string | null): token is string {
  return token !== null && resetPasswordSchema.shape.token.safeParse(token).success;
}

function Outcome({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error';
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Icon = tone === 'success' ? CircleCheckIcon : CircleAlertIcon;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'success' ? 'status' : 'alert'}
      className="grid justify-items-center gap-3 text-center outline-none"
    >
      <Icon
        className={tone === 'success' ? 'size-10 text-primary' : 'size-10 text-destructive'}
        aria-hidden="true"
      />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}

/** A reset link that cannot be used: `message` is the server's reason, when it gave one. */
export function InvalidResetLink({ message }: { message?: string }) {
  const t = useT('auth');
  return (
    <Outcome tone="error" title={message ?? t('reset.invalidLink')}>
      <p className="text-sm text-muted-foreground">{t('reset.invalidHelp')}</p>
      <Button asChild>
        <Link to={paths.forgotPassword}>{t('reset.requestNew')}</Link>
      </Button>
    </Outcome>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useT('auth');
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<
    { kind: 'done'; message: string } | { kind: 'invalid'; message: string | undefined } | null
  >(null);
  const form = useZodForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  async function onSubmit(values: Payload) {
    try {
      const answer = await reset.mutateAsync({ token, password: values.password });
      setOutcome({ kind: 'done', message: answer.message });
    } catch (error) {
      const details = getApiErrorDetails(error);
      if (applyFieldErrors(form.setError, details.fieldErrors, ['password'])) return;
      if (details.status === 400) {
        setOutcome({ kind: 'invalid', message: details.message });
        return;
      }
      toast({
        variant: 'destructive',
        title: t('reset.failedTitle'),
        description:
          details.message ??
          (details.status === undefined ? t('reset.unreachable') : t('reset.failed')),
      });
    }
  }

  if (outcome?.kind === 'done') {
    return (
      <Outcome tone="success" title={t('reset.doneTitle')}>
        <p className="text-sm text-muted-foreground">{outcome.message}</p>
        <Button asChild>
          <Link to={paths.login}>{t('reset.signIn')}</Link>
        </Button>
      </Outcome>
    );
  }
  if (outcome?.kind === 'invalid') return <InvalidResetLink message={outcome.message} />;

  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <NewPasswordField control={form.control} name="password" label={t('reset.newPassword')} />
        <NewPasswordField
          control={form.control}
          name="confirmPassword"
          label={t('reset.confirmNewPassword')}
          confirm
        />
        <PendingButton
          type="submit"
          className="w-full"
          pending={pending}
          pendingLabel={t('reset.saving')}
        >
          {t('reset.submit')}
        </PendingButton>
      </form>
    </Form>
  );
}
