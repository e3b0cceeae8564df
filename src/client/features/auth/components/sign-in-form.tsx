import { TriangleAlertIcon } from 'lucide-react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
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
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { unansweredMessage } from '@/client/lib/error-message';
import { EmailField } from '@/client/components/ui/form-fields';
import { paths } from '@/shared/paths';
import { signInSchema } from '@/shared/schemas/auth';
import { useSignIn } from '@/client/api/auth/sign-in';
import { secondFactorFlagsOf } from '@/client/api/auth/step-up';
import { isAdminUser } from '../use-auth';
import { PendingButton } from '@/client/components/ui/pending-button';
import { type Translate, useLanguage, useT } from '@/client/i18n/language';
import { loadCatalogue } from '@/client/i18n/catalogue-loader';
import { translate } from '@/shared/i18n/runtime';

type SignInPayload = z.output<typeof signInSchema>;

/**
 * What to tell the user after a failed sign-in. A lock (423) or a rate limit (429)
 * needs the server's words, which say when to retry, and so does a blocked account (403,
 * which says whom to contact: a new password would not help); a wrong password gets the
 * spec's text; a failure that is not about credentials says so.
 */
export function signInFailureDescription(error: unknown, t: Translate<'auth'>): string {
  const { status, message } = getApiErrorDetails(error);
  if (status === 423 || status === 429) return message ?? t('signIn.tooManyAttempts');
  if (status === 403 && message) return message;
  return unansweredMessage(status) ?? t('signIn.credentialsHint');
}

/** A lock, a rate limit or a blocked account: the message stays in the form, not only in a toast. */
function isBlocked(error: unknown): boolean {
  const { status } = getApiErrorDetails(error);
  return status === 423 || status === 429 || status === 403;
}

/**
 * The location state of the sign-in page: `sessionEnded` from the session-expiry handler,
 * `signInRequired` from a page that needs a signed-in user (RequiredUserGate).
 */
export type SignInLocationState = { sessionEnded?: boolean; signInRequired?: boolean } | null;

export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const t = useT('auth');
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const locationState = location.state as SignInLocationState;
  const sessionEnded = locationState?.sessionEnded === true;
  const signInRequired = !sessionEnded && locationState?.signInRequired === true;
  const signIn = useSignIn();
  // Until the next attempt: "locked; try again in 15 minutes" must outlive a 5 s toast.
  const [blockedMessage, setBlockedMessage] = useState<string | null>(null);
  // An enrolled admin's right password: the code step (decisions.md section 11). The e-mail
  // and password stay in the form, out of sight, and are sent again with the code.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm(signInSchema, { email: defaultEmail, password: '' });
  const { setFocus } = form;
  const codeStep = codeFor !== null;
  useEffect(() => {
    if (codeStep) setFocus('code');
  }, [codeStep, recovery, setFocus]);

  function switchCodeKind() {
    form.clearErrors('code');
    form.setValue('code', '');
    setRecovery(!recovery);
  }

  function startOver() {
    form.reset({ email: form.getValues('email'), password: '', code: undefined });
    setCodeFor(null);
    setRecovery(false);
    setBlockedMessage(null);
    setTimeout(() => setFocus('email'), 0);
  }

  async function onSubmit(values: SignInPayload) {
    setBlockedMessage(null);
    try {
      const answer = await signIn.mutateAsync(codeStep ? values : { ...values, code: undefined });
      // A participant reads on in their own language (the page switches to it next).
      const next = answer.user.role === 'participant' ? answer.user.language : language;
      if (next !== language) await loadCatalogue(next, 'auth').catch(() => undefined);
      toast({ title: translate(next, 'auth', 'signIn.successTitle') });
      void navigate(
        isAdminUser(answer.user, answer.userType)
          ? paths.adminDashboard
          : paths.participantDashboard,
      );
    } catch (error) {
      if (secondFactorFlagsOf(error).twoFactorRequired) {
        if (!codeStep) {
          // Not a failure: the password was right, the code comes next.
          form.clearErrors();
          form.setValue('code', '');
          setCodeFor(values.email);
          return;
        }
        reportSubmitFailure(
          form.setError,
          ['code'],
          error,
          t('signIn.failedTitle'),
          (message) => message ?? t('signIn.credentialsHint'),
        );
        return;
      }
      const description = signInFailureDescription(error, t);
      if (isBlocked(error)) setBlockedMessage(description);
      reportSubmitFailure(
        form.setError,
        codeStep ? ['code'] : ['email', 'password'],
        error,
        t('signIn.failedTitle'),
        () => description,
      );
    }
  }

  const pending = form.formState.isSubmitting;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        {sessionEnded && !blockedMessage && (
          <p role="status" className="rounded-lg border bg-muted/40 p-3 text-sm">
            {t('signIn.sessionEnded')}
          </p>
        )}
        {signInRequired && !blockedMessage && (
          <p
            role="status"
            className="rounded-lg border bg-muted/40 p-3 text-sm"
            data-testid="sign-in-required"
          >
            {t('signIn.required')}
          </p>
        )}
        {blockedMessage && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm"
          >
            <TriangleAlertIcon
              className="mt-0.5 size-4 shrink-0 text-destructive"
              aria-hidden="true"
            />
            <div className="grid gap-1">
              <p>{blockedMessage}</p>
              <p>
                {t('signIn.blocked.forgotPassword')}{' '}
                <Link
                  to={paths.forgotPassword}
                  className="rounded-sm font-medium text-primary underline underline-offset-4"
                >
                  {t('signIn.blocked.resetLink')}
                </Link>{' '}
                {t('signIn.blocked.resetUnlocks')}
              </p>
            </div>
          </div>
        )}
        {codeStep ? (
          <>
            <p
              role="status"
              className="rounded-lg border bg-muted/40 p-3 text-sm wrap-anywhere"
              data-testid="sign-in-code-step"
            >
              {t('signIn.code.intro', { email: codeFor })}
            </p>
            <FormField
              control={form.control}
              name="code"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>
                    {t(recovery ? 'signIn.recovery.label' : 'signIn.code.label')}
                  </FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      value={field.value ?? ''}
                      autoComplete="one-time-code"
                      inputMode={recovery ? 'text' : 'numeric'}
                      autoCapitalize="off"
                      spellCheck={false}
                    />
                  </FormControl>
                  <FormDescription>
                    {t(recovery ? 'signIn.recovery.hint' : 'signIn.code.hint')}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button
              type="button"
              variant="link"
              className="h-auto justify-self-start p-0"
              onClick={switchCodeKind}
            >
              {t(recovery ? 'signIn.code.useApp' : 'signIn.code.useRecovery')}
            </Button>
          </>
        ) : (
          <>
            <EmailField control={form.control} name="email" />
            <FormField
              control={form.control}
              name="password"
              render={({ field }) => (
                <FormItem>
                  <div className="flex items-center justify-between gap-2">
                    <FormLabel>{t('signIn.password')}</FormLabel>
                    <Link
                      to={paths.forgotPassword}
                      className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {t('signIn.forgotPasswordLink')}
                    </Link>
                  </div>
                  <FormControl>
                    <Input type="password" autoComplete="current-password" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </>
        )}
        <PendingButton
          type="submit"
          className="mt-2 w-full"
          pending={pending}
          pendingLabel={t('signIn.submitting')}
        >
          {t('signIn.submit')}
        </PendingButton>
        {codeStep && (
          <Button type="button" variant="ghost" className="w-full" onClick={startOver}>
            {t('signIn.code.back')}
          </Button>
        )}
      </form>
    </Form>
  );
}
