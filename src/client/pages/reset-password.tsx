import { useSearchParams } from 'react-router';
import { AuthShell } from '@/client/components/layout/auth-shell';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import {
  InvalidResetLink,
  ResetPasswordForm,
  isWellFormedToken,
} from '@/client/features/auth/components/reset-password-form';
import { useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';

/** /reset-password?token=... : the link from the reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const t = useT('auth');
  return (
    <AuthShell>
      <title>{pageTitle(t('reset.title'))}</title>
      <meta name="referrer" content="no-referrer" />
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>{t('reset.title')}</h1>
          </CardTitle>
          <CardDescription>{t('reset.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {isWellFormedToken(token) ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
