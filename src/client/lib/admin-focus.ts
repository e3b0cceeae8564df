/**
 * Moves the keyboard focus to what `find` gives, once React has re-rendered and a closing
 * dialog has put the focus back on its (perhaps vanished) opener: tried for about a second,
 * until the element is there and keeps the focus. For a console action that removes the
 * very button it was started from (the first session added, a session cancelled or
 * deleted, a participant's no-shows reset), so the focus does not fall to the page.
 */
export function focusSoon(find: () => HTMLElement | null | undefined) {
  let tries = 0;
  const attempt = () => {
    const target = find();
    if (target?.isConnected) {
      if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
      if (document.activeElement !== target) target.focus();
      else if (tries >= 2) return;
    }
    if (++tries < 8) window.setTimeout(attempt, 120);
  };
  window.setTimeout(attempt, 0);
}

/** The first control left in a row (a table row or a list item), else the row itself. */
export function firstControlIn(row: Element | null | undefined): HTMLElement | null {
  if (!(row instanceof HTMLElement) || !row.isConnected) return null;
  return (
    row.querySelector<HTMLElement>('button:not(:disabled), a[href], input:not(:disabled)') ?? row
  );
}
