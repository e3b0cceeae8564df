import { BadgeCheckIcon, ClockIcon, WalletIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { toast } from '@/client/components/ui/use-toast';
import { useSignIn } from '@/client/api/auth/sign-in';
import {
  type Credentials,
  RegistrationForm,
} from '@/client/features/participants/components/registration-form';
import { useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';

const perks = [
  { icon: WalletIcon, key: 'perk.pay' },
  { icon: ClockIcon, key: 'perk.time' },
  { icon: BadgeCheckIcon, key: 'perk.impact' },
] as const;

/** /participant/registration (spec section 2): register, sign in automatically, go to the dashboard. */
export function ParticipantRegistrationPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const t = useT('registration');
  // The invitation choice's words, with the page.
  useT('recruiting');

  async function onRegistered(credentials: Credentials) {
    try {
      await signIn.mutateAsync(credentials);
    } catch {
      toast({
        title: t('toast.created'),
        description: t('toast.autoLoginFailed'),
      });
      void navigate(paths.login);
      return;
    }
    toast({ title: t('toast.signedIn'), description: t('toast.welcome') });
    void navigate(paths.participantDashboard);
  }

  return (
    <div className="bg-muted">
      <title>{pageTitle(t('title'))}</title>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_1.4fr] lg:items-start">
        <div className="grid gap-4 lg:pt-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            {t('eyebrow')}
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
          <p className="text-muted-foreground">{t('intro')}</p>
          <ul className="grid gap-3">
            {perks.map(({ icon: Icon, key }) => (
              <li key={key} className="flex items-center gap-3 text-sm">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                {t(key)}
              </li>
            ))}
          </ul>
        </div>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('card.title')}</h2>
            </CardTitle>
            <CardDescription>{t('card.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <RegistrationForm onRegistered={onRegistered} />
            <p className="text-center text-sm text-muted-foreground">
              {t('signIn.prompt')}{' '}
              <Link
                to={paths.login}
                className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('signIn.link')}
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
