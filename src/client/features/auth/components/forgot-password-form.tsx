import { MailCheckIcon } from 'lucide-react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { Form } from '@/client/components/ui/form';
import { EmailField } from '@/client/components/ui/form-fields';
import { unansweredMessage } from '@/client/lib/error-message';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { forgotPasswordSchema } from '@/shared/schemas/auth';
import { useRequestPasswordReset } from '@/client/api/auth/forgot-password';
import { PendingButton } from '@/client/components/ui/pending-button';
import { useT } from '@/client/i18n/language';

type Payload = z.output<typeof forgotPasswordSchema>;

/**
 * Asks for a reset link. The confirmation reads the same whether or not the account
 * exists, so the form cannot be used to find out who has one. Only a failure that
 * says nothing about the account (rate limit, no connection, server error) keeps
 * the form, so the user knows to try again.
 */
export function ForgotPasswordForm() {
  const t = useT('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const form = useZodForm(forgotPasswordSchema, { email: '' });

  useEffect(() => {
    if (sentTo) confirmationRef.current?.focus();
  }, [sentTo]);

  async function onSubmit(values: Payload) {
    try {
      await request.mutateAsync(values);
    } catch (error) {
      const { status, message } = getApiErrorDetails(error);
      const description =
        status === 429 ? (message ?? t('forgot.tooManyRequests')) : unansweredMessage(status);
      if (description) {
        toast({ variant: 'destructive', title: t('forgot.notSentTitle'), description });
        return;
      }
    }
    setSentTo(values.email);
  }

  if (sentTo) {
    return (
      <div
        ref={confirmationRef}
        tabIndex={-1}
        role="status"
        className="grid justify-items-center gap-3 text-center outline-none"
      >
        <MailCheckIcon className="size-10 text-primary" aria-hidden="true" />
        <p className="font-medium">{t('forgot.checkEmail')}</p>
        <p className="text-sm text-muted-foreground">{t('forgot.confirmation')}</p>
        <Button variant="link" onClick={() => setSentTo(null)}>
          {t('forgot.differentEmail')}
        </Button>
      </div>
    );
  }

  const pending = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <EmailField control={form.control} name="email" />
        <PendingButton
          type="submit"
          className="w-full"
          pending={pending}
          pendingLabel={t('forgot.sending')}
        >
          {t('forgot.submit')}
        </PendingButton>
      </form>
    </Form>
  );
}
