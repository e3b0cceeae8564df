import { Link } from 'react-router';
import { AuthShell } from '@/client/components/layout/auth-shell';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ForgotPasswordForm } from '@/client/features/auth/components/forgot-password-form';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';

export function ForgotPasswordPage() {
  return (
    <AuthShell>
      <title>{pageTitle('Forgot password')}</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>Forgot your password?</h1>
          </CardTitle>
          <CardDescription>
            Enter the email you signed up with and we will send you a link to choose a new password.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ForgotPasswordForm />
          <p className="text-center text-sm text-muted-foreground">
            Remembered it?{' '}
            <Link
              to={paths.login}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
