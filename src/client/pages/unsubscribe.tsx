import { CheckCircle2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUnsubscribe } from '@/client/api/unsubscribe/unsubscribe';
import { AuthShell } from '@/client/components/layout/auth-shell';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { PendingButton } from '@/client/components/ui/pending-button';
import { useLanguageState, useT } from '@/client/i18n/language';
import { getApiErrorDetails } from '@/client/lib/api';
import { pageTitle } from '@/client/lib/page-title';
import { isLanguage } from '@/shared/i18n/languages';
import { paths } from '@/shared/paths';

/** A signed link's shape (`participantId.kind.signature`): what it will stop, read before asking. */
const TOKEN = /^[A-Za-z0-9-]{1,64}\.(invitations|studies)\.[A-Za-z0-9_-]{16,128}$/;

function kindOf(token: string | null): 'invitations' | 'studies' | null {
  const match = token ? TOKEN.exec(token) : null;
  return (match?.[1] as 'invitations' | 'studies' | undefined) ?? null;
}

/**
 * /unsubscribe?token=… (decision 036): the page a mail's unsubscribe link opens. It says
 * what will stop and asks once; the button makes the same one-click POST a mail client
 * makes, and shows the server's answer (or its refusal of a bad link). Not for search engines.
 */
export function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const kind = kindOf(token);
  // A mail in Kiswahili links here with `&lang=sw`: the page, and the server's answer, follow it.
  const linkLanguage = searchParams.get('lang');
  const { language, choose, englishOnly } = useLanguageState();
  useEffect(() => {
    if (isLanguage(linkLanguage) && linkLanguage !== language && !englishOnly)
      void choose(linkLanguage);
    // Once, for the link as opened: a later choice in the page's switcher stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const t = useT('profile');
  const unsubscribe = useUnsubscribe();
  // The button goes once it has worked: the focus moves to what it did, not to the body.
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (unsubscribe.isSuccess) done.current?.focus();
  }, [unsubscribe.isSuccess]);
  const failureDetails = unsubscribe.isError ? getApiErrorDetails(unsubscribe.error) : null;
  const failure = failureDetails ? (failureDetails.message ?? t('unsubscribe.failed')) : null;
  // The server refused the link itself (400): it will never work, so the page stops offering
  // it and says no more what it would have done; other failures may be retried.
  const badLink = failureDetails?.status === 400;
  // The button goes with a bad link too: the focus moves to what the server said.
  const refused = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (badLink) refused.current?.focus();
  }, [badLink]);

  return (
    <AuthShell>
      <title>{pageTitle(t('unsubscribe.title'))}</title>
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>{t('unsubscribe.title')}</h1>
          </CardTitle>
          {!unsubscribe.isSuccess && token && !badLink && (
            <CardDescription>
              {t(kind ? `unsubscribe.${kind}` : 'unsubscribe.other')} {t('unsubscribe.rest')}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <p role="alert" className="text-sm">
              {t('unsubscribe.invalid')}
            </p>
          ) : unsubscribe.isSuccess ? (
            <div
              ref={done}
              tabIndex={-1}
              role="status"
              className="grid justify-items-center gap-3 text-center outline-none"
            >
              <CheckCircle2Icon className="size-8 text-primary" aria-hidden="true" />
              <p className="font-medium">{t('unsubscribe.done')}</p>
              <p className="text-sm text-muted-foreground">{unsubscribe.data.message}</p>
            </div>
          ) : (
            <>
              {failure && (
                <p
                  ref={refused}
                  tabIndex={-1}
                  role="alert"
                  className="rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm outline-none"
                >
                  {failure}
                </p>
              )}
              {!badLink && (
                <PendingButton
                  className="w-full"
                  pending={unsubscribe.isPending}
                  pendingLabel={t('unsubscribe.pending')}
                  onClick={() => unsubscribe.mutate(token)}
                >
                  {t('unsubscribe.button')}
                </PendingButton>
              )}
            </>
          )}
          <Link
            to={paths.profileSettings}
            className="justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('unsubscribe.settings')}
          </Link>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
