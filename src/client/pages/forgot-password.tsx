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
import { useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';

export function ForgotPasswordPage() {
  const t = useT('auth');
  return (
    <AuthShell>
      <title>{pageTitle(t('forgot.pageTitle'))}</title>
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>{t('forgot.title')}</h1>
          </CardTitle>
          <CardDescription>{t('forgot.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ForgotPasswordForm />
          <p className="text-center text-sm text-muted-foreground">
            {t('forgot.remembered')}{' '}
            <Link
              to={paths.login}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('forgot.backToSignIn')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
