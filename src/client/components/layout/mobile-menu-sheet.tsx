import { useRef } from 'react';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/client/components/ui/sheet';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { SiteLink, useSiteLocation } from '@/client/lib/site-nav';
import { cn } from '@/client/lib/utils';
import { site } from '@/shared/site';
import { LanguageSwitch } from './language-switch';
import { currentOf, mainNavLinks } from './nav-links';

const drawerLinkClass = (isActive: boolean) =>
  cn(
    'block rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'bg-accent font-semibold text-accent-foreground' : 'text-foreground',
  );

/**
 * The narrow-screen drawer with the top bar's links: a Radix Dialog, so focus stays
 * inside while open, Escape closes it, and it is announced by its title.
 */
export function MobileMenuSheet({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Called instead of Radix's own focus return (the trigger lives outside): with
   * `navigated` true when a link closed the drawer, so focus goes to the new page.
   */
  onClosed: (navigated: boolean) => void;
}) {
  const t = useT('common');
  const lp = useLocalizedPath();
  const { pathname } = useSiteLocation();
  const navigated = useRef(false);
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (next) navigated.current = false;
        onOpenChange(next);
      }}
    >
      <SheetContent
        side="right"
        id="mobile-menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed(navigated.current);
        }}
      >
        <SheetHeader>
          <SheetTitle>{t('menu.title')}</SheetTitle>
          <SheetDescription className="sr-only">
            {t('menu.description', { name: site.name })}
          </SheetDescription>
        </SheetHeader>
        <nav aria-label={t('nav.main')} className="px-4">
          <ul className="grid gap-1">
            {mainNavLinks.map((link) => {
              const current = currentOf(link, pathname);
              return (
                <li key={link.to}>
                  <SiteLink
                    to={lp(link.to)}
                    aria-current={current}
                    className={drawerLinkClass(current !== undefined)}
                    onClick={() => {
                      navigated.current = true;
                      onOpenChange(false);
                    }}
                  >
                    {t(link.labelKey)}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* Closes the drawer: the page around it is about to change language. */}
        <div className="mx-4 border-t pt-4" onClick={() => onOpenChange(false)}>
          <LanguageSwitch className="inline-flex w-full px-3 py-3 text-base" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
