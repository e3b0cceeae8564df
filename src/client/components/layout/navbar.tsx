import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { SiteLink, useSiteLocation } from '@/client/lib/site-nav';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { currentOf, mainNavLinks } from './nav-links';

// The drawer (Radix Dialog, focus trap, scroll lock) loads when first wanted, not
// with every public page.
const loadMobileMenuSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() =>
  loadMobileMenuSheet().then((m) => ({ default: m.MobileMenuSheet })),
);

/**
 * Lucide's "menu" drawn here: the icon library's runtime would cost the islands' first
 * load more than the three lines it draws.
 */
function MenuGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-6"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 5h16M4 12h16M4 19h16" />
    </svg>
  );
}

const wideLinkClass = (isActive: boolean) =>
  clsx(
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
      <button
        ref={buttonRef}
        type="button"
        data-slot="button"
        className={clsx(buttonVariants({ variant: 'ghost', size: 'icon-sm' }), 'md:hidden')}
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
        <MenuGlyph />
      </button>
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
  const { pathname } = useSiteLocation();
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
                  <SiteLink
                    to={lp(link.to)}
                    aria-current={current}
                    className={wideLinkClass(current !== undefined)}
                  >
                    {t(link.labelKey)}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* "SW" on a phone, where the logo, the account button and the menu share 375 px. */}
          <LanguageSwitch compact className="inline-flex px-1.5 text-sm sm:hidden" />
          <LanguageSwitch className="hidden px-3 text-sm sm:inline-flex" />
          {account}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
