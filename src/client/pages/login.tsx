import { ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '@/client/components/layout/auth-shell';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import {
  SignInForm,
  type SignInLocationState,
} from '@/client/features/auth/components/sign-in-form';
import { type SignUpCredentials, SignUpForm } from '@/client/features/auth/components/sign-up-form';
import { isAdminUser, useAuth } from '@/client/features/auth/use-auth';
import { useSignIn } from '@/client/api/auth/sign-in';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

type Tab = 'signin' | 'signup';

const switchLinkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/** The admin variant: sign-in only, no tabs, never pre-filled (decisions.md section 6). */
function AdminLogin() {
  const t = useT('auth');
  return (
    <Card>
      <title>{pageTitle(t('adminLogin.pageTitle'))}</title>
      <CardHeader className="items-center text-center">
        <ShieldCheckIcon className="size-10 text-primary" aria-hidden="true" />
        <CardTitle asChild>
          <h1>{t('adminLogin.title')}</h1>
        </CardTitle>
        <CardDescription>{t('adminLogin.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SignInForm />
        <p className="text-center text-sm text-muted-foreground">
          {t('adminLogin.notAdmin')}{' '}
          <Link to={paths.login} className={switchLinkClass}>
            {t('adminLogin.participantLink')}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function ParticipantLogin() {
  const t = useT('auth');
  // The sign-up tab's invitation choice: loaded with the page, not when the tab opens.
  useT('recruiting');
  // The sign-up tab's terms box and its toasts speak the registration page's words: loaded
  // with the page, so switching tabs never waits for them.
  const tRegistration = useT('registration');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'signup' ? 'signup' : 'signin';
  const [signedUpEmail, setSignedUpEmail] = useState('');
  const tabsListRef = useRef<HTMLDivElement>(null);

  const tabLink = (target: Tab) => ({
    pathname: location.pathname,
    search: target === 'signup' ? '?tab=signup' : '',
  });

  function selectTab(next: string) {
    setSearchParams(next === 'signup' ? { tab: 'signup' } : {}, { replace: true });
  }

  // The switch links live inside the panel that goes away; put the keyboard focus on
  // the tab now selected instead of losing it to the page.
  const focusTabAfterSwitch = useRef(false);
  useEffect(() => {
    if (!focusTabAfterSwitch.current) return;
    focusTabAfterSwitch.current = false;
    const frame = requestAnimationFrame(() => {
      tabsListRef.current?.querySelector<HTMLElement>('[data-state="active"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [tab]);
  const onSwitchLinkClick = () => {
    focusTabAfterSwitch.current = true;
  };

  // As registration does: the new account signs in at once and goes to the dashboard.
  async function onSignedUp(credentials: SignUpCredentials) {
    try {
      await signIn.mutateAsync(credentials);
    } catch {
      toast({
        title: tRegistration('toast.created'),
        description: tRegistration('toast.autoLoginFailed'),
      });
      setSignedUpEmail(credentials.email);
      selectTab('signin');
      return;
    }
    toast({ title: tRegistration('toast.signedIn'), description: tRegistration('toast.welcome') });
    void navigate(paths.participantDashboard);
  }

  return (
    <Card>
      <title>
        {pageTitle(tab === 'signup' ? t('login.pageTitle.signUp') : t('login.pageTitle.signIn'))}
      </title>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1>{t('login.title', { name: site.name })}</h1>
        </CardTitle>
        <CardDescription>{t('login.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList ref={tabsListRef} className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">{t('login.tab.signIn')}</TabsTrigger>
            <TabsTrigger value="signup">{t('login.tab.signUp')}</TabsTrigger>
          </TabsList>
          <TabsContent value="signin" className="grid gap-6 pt-2">
            <SignInForm defaultEmail={signedUpEmail} />
            <p className="text-center text-sm text-muted-foreground">
              {t('login.noAccount')}{' '}
              <Link
                to={tabLink('signup')}
                replace
                onClick={onSwitchLinkClick}
                className={switchLinkClass}
              >
                {t('login.signUpLink')}
              </Link>
            </p>
          </TabsContent>
          <TabsContent value="signup" className="grid gap-6 pt-2">
            <SignUpForm onSignedUp={onSignedUp} />
            <p className="text-center text-sm text-muted-foreground">
              {t('login.haveAccount')}{' '}
              <Link
                to={tabLink('signin')}
                replace
                onClick={onSwitchLinkClick}
                className={switchLinkClass}
              >
                {t('login.signInLink')}
              </Link>
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

/**
 * /login, /participant/login and /admin/login (spec section 2, "Sign-in / sign-up screen").
 * Someone already signed in has nothing to do here: they go to their dashboard.
 */
export function LoginPage() {
  const { pathname, state } = useLocation();
  const auth = useAuth();
  const isAdmin = pathname.includes(paths.adminLogin);
  // A session that just ended is still cached until this page shows (SessionExpiry forgets
  // it then): its user is not signed in any more.
  const sessionEnded = (state as SignInLocationState)?.sessionEnded === true;
  if (auth.user && !auth.fromFallback && !sessionEnded) {
    const home = isAdminUser(auth.user, auth.userType)
      ? paths.adminDashboard
      : paths.participantDashboard;
    return <Navigate to={home} replace />;
  }
  return <AuthShell>{isAdmin ? <AdminLogin /> : <ParticipantLogin />}</AuthShell>;
}
