import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/** How long after a move its row may take the focus back. */
const WINDOW_MS = 15_000;

const STABLE_PLACE = '[role="dialog"], [role="alertdialog"], [role="tabpanel"], main';

const lost = () => !document.activeElement || document.activeElement === document.body;

function focusPlace(place: HTMLElement | null) {
  if (!place?.isConnected) return;
  if (!place.hasAttribute('tabindex') && place.tabIndex < 0) place.tabIndex = -1;
  place.focus();
}

/**
 * A row's actions keep the keyboard focus through a move (decisions.md section 7): when the
 * focused button goes because the row changed (Schedule became "No further steps") the
 * focus goes to the row's first button left, or to the stable place the row is in (the
 * dialog, the tab panel); when the row itself leaves the list (a filter no longer matches,
 * the applicant left the waiting list), to that place. Call `moved()` when a move starts;
 * only then, and only while the focus has fallen to the page, is it moved.
 */
export function useKeepFocus(box: RefObject<HTMLElement | null>) {
  const movedAt = useRef(0);
  const recent = () => Date.now() - movedAt.current < WINDOW_MS;

  // After each render of the row: its button may be gone.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !recent() || !lost()) return;
    const next = element.querySelector<HTMLElement>('button:not(:disabled)');
    if (next) next.focus();
    else focusPlace(element.closest<HTMLElement>(STABLE_PLACE));
  });

  // The row leaves: look for its place now, while it is still in the page.
  useLayoutEffect(() => {
    const element = box.current;
    return () => {
      if (!element || !recent()) return;
      const place = element.closest<HTMLElement>(STABLE_PLACE);
      requestAnimationFrame(() => {
        if (lost()) focusPlace(place);
      });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the row's element
  }, []);

  return useCallback(() => {
    movedAt.current = Date.now();
  }, []);
}
