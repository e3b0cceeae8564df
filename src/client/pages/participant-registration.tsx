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
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';

const perks = [
  { icon: WalletIcon, text: 'Paid per hour, in Kenyan shillings' },
  { icon: ClockIcon, text: 'Short studies that fit your schedule' },
  { icon: BadgeCheckIcon, text: 'Shape products used by thousands' },
] as const;

/** /participant/registration (spec section 2): register, sign in automatically, go to the dashboard. */
export function ParticipantRegistrationPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();

  async function onRegistered(credentials: Credentials) {
    try {
      await signIn.mutateAsync(credentials);
    } catch {
      toast({
        title: 'Account created',
        description: 'Registration successful but auto-login failed. Please sign in manually.',
      });
      void navigate(paths.login);
      return;
    }
    toast({ title: 'Account created successfully!', description: 'Welcome! You are signed in.' });
    void navigate(paths.participantDashboard);
  }

  return (
    <div className="bg-muted">
      <title>{pageTitle('Join as Research Participant')}</title>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_1.4fr] lg:items-start">
        <div className="grid gap-4 lg:pt-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Become a tester
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
            Join as Research Participant
          </h1>
          <p className="text-muted-foreground">
            Test new products before they launch and get paid for your time. Sign up once, then
            apply to the studies that suit you.
          </p>
          <ul className="grid gap-3">
            {perks.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-sm">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Create your participant account</h2>
            </CardTitle>
            <CardDescription>
              Location, age range and occupation are optional; they help us match you to studies.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <RegistrationForm onRegistered={onRegistered} />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link
                to={paths.login}
                className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Sign in
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
