import { ShieldCheckIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthShell } from '@/client/components/layout/auth-shell';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { SignInForm } from '@/client/features/auth/components/sign-in-form';
import { SignUpForm } from '@/client/features/auth/components/sign-up-form';
import { pageTitle } from '@/client/lib/page-title';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

type Tab = 'signin' | 'signup';

const switchLinkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/** The admin variant: sign-in only, no tabs, never pre-filled (decisions.md section 6). */
function AdminLogin() {
  return (
    <Card>
      <title>{pageTitle('Admin sign in')}</title>
      <CardHeader className="items-center text-center">
        <ShieldCheckIcon className="size-10 text-primary" aria-hidden="true" />
        <CardTitle asChild>
          <h1>Admin Portal</h1>
        </CardTitle>
        <CardDescription>
          Sign in to manage studies, participants and client requests.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <SignInForm />
        <p className="text-center text-sm text-muted-foreground">
          Not an administrator?{' '}
          <Link to={paths.login} className={switchLinkClass}>
            Participant sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

function ParticipantLogin() {
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

  return (
    <Card>
      <title>{pageTitle(tab === 'signup' ? 'Sign up' : 'Sign in')}</title>
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1>Welcome to {site.name}</h1>
        </CardTitle>
        <CardDescription>
          Sign in to your account, or create one to take part in paid research studies.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList ref={tabsListRef} className="grid w-full grid-cols-2">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin" className="grid gap-6 pt-2">
            <SignInForm defaultEmail={signedUpEmail} />
            <p className="text-center text-sm text-muted-foreground">
              Don&apos;t have an account?{' '}
              <Link
                to={tabLink('signup')}
                replace
                onClick={onSwitchLinkClick}
                className={switchLinkClass}
              >
                Sign up
              </Link>
            </p>
          </TabsContent>
          <TabsContent value="signup" className="grid gap-6 pt-2">
            <SignUpForm
              onSignedUp={(email) => {
                setSignedUpEmail(email);
                selectTab('signin');
              }}
            />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link
                to={tabLink('signin')}
                replace
                onClick={onSwitchLinkClick}
                className={switchLinkClass}
              >
                Sign in
              </Link>
            </p>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

/** /login, /participant/login and /admin/login (spec section 2, "Sign-in / sign-up screen"). */
export function LoginPage() {
  const { pathname } = useLocation();
  const isAdmin = pathname.includes(paths.adminLogin);
  return <AuthShell>{isAdmin ? <AdminLogin /> : <ParticipantLogin />}</AuthShell>;
}
