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
import { pageTitle } from '@/client/lib/page-title';

/** /reset-password?token=... : the link from the reset e-mail. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthShell>
      <title>{pageTitle('Choose a new password')}</title>
      <meta name="referrer" content="no-referrer" />
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>Choose a new password</h1>
          </CardTitle>
          <CardDescription>After this you can sign in with the new password.</CardDescription>
        </CardHeader>
        <CardContent>
          {isWellFormedToken(token) ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
