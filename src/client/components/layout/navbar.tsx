import { MenuIcon } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { currentOf, mainNavLinks } from './nav-links';

// The drawer (Radix Dialog, focus trap, scroll lock) loads when first wanted, not
// with every public page.
const loadMobileMenuSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() =>
  loadMobileMenuSheet().then((m) => ({ default: m.MobileMenuSheet })),
);

const wideLinkClass = (isActive: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'bg-accent font-semibold text-accent-foreground' : 'text-muted-foreground',
  );

function MobileMenu() {
  const t = useT('common');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadMobileMenuSheet();

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="size-9 md:hidden"
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" aria-hidden="true" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            onClosed={(navigated) => {
              if (navigated) document.getElementById('main')?.focus({ preventScroll: true });
              else buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** The sticky top bar; `account` is the sign-in button or the avatar menu. */
export function Navbar({ account }: { account: ReactNode }) {
  const t = useT('common');
  const lp = useLocalizedPath();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-4 sm:px-6">
        {/* A size smaller on a phone, where the language switch shares the bar with it. */}
        <Logo className="gap-1.5 text-base sm:gap-2 sm:text-lg [&>svg]:size-7 sm:[&>svg]:size-8" />
        <nav aria-label={t('nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNavLinks.map((link) => {
              const current = currentOf(link, pathname);
              return (
                <li key={link.to}>
                  <Link
                    to={lp(link.to)}
                    aria-current={current}
                    className={wideLinkClass(current !== undefined)}
                  >
                    {t(link.labelKey)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* "SW" on a phone, where the logo, the account button and the menu share 375 px. */}
          <LanguageSwitch compact className="px-1.5 sm:hidden" />
          <LanguageSwitch className="hidden sm:inline-flex" />
          {account}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
