import { useRef } from 'react';

/** Where the focus can go back to when what opened a dialog is gone (the row changed). */
const STABLE_PLACE = '[role="dialog"], [role="alertdialog"], [role="tabpanel"], main';

const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  Boolean(element?.isConnected) && !element!.matches(':disabled');

/**
 * The control a dialog was opened from: the focused element, or, for a menu item (gone once
 * the menu closes), the button of that menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return active;
}

/**
 * Decisions.md section 7: closing a dialog returns the focus to what opened it. Radix does
 * so only for a dialog opened by its own Trigger; a dialog opened by state (from a row's
 * button, a menu, a form) would leave the focus on the page's body. These handlers, given to
 * a dialog's Content, remember the opener when the dialog opens and focus it again when it
 * closes, or, when the opener is gone or disabled, the closest stable place it was in (the
 * dialog under this one, the tab panel, the page's main region). A handler of the caller's
 * that prevents the default decides for itself.
 */
export function useReturnFocus(
  onOpenAutoFocus?: (event: Event) => void,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const opener = useRef<HTMLElement | null>(null);
  const place = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Read before the dialog takes the focus.
      opener.current = openerOf(document.activeElement);
      place.current = opener.current?.closest<HTMLElement>(STABLE_PLACE) ?? null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = [opener.current, place.current].find(usable);
      opener.current = null;
      place.current = null;
      if (!target) return;
      event.preventDefault();
      if (!target.hasAttribute('tabindex') && target.tabIndex < 0) target.tabIndex = -1;
      target.focus();
    },
  };
}
