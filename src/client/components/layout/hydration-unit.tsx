import { type ReactNode, Suspense, use, useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};
const triggers = ['pointerdown', 'keydown', 'hashchange', 'popstate'] as const;
const waits = new Map<string, Promise<void>>();

/**
 * Settles when the element with this id comes near the viewport, or at the visitor's
 * first interaction anywhere (a click, a key, a change of the URL's hash).
 */
function whenNeeded(id: string): Promise<void> {
  let wait = waits.get(id);
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      const element = document.getElementById(id);
      if (!element || typeof IntersectionObserver === 'undefined') return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) done();
        },
        { rootMargin: '100px 0px' },
      );
      function done() {
        observer.disconnect();
        for (const type of triggers) window.removeEventListener(type, done, true);
        resolve();
      }
      observer.observe(element);
      for (const type of triggers) window.addEventListener(type, done, true);
    });
    waits.set(id, wait);
  }
  return wait;
}

/**
 * While the prerendered HTML is being hydrated, waits (keeping the server's markup, which
 * is already complete and readable) until the section is needed; in any other render
 * (a client-side navigation, or after hydration) renders at once.
 */
function HydrateWhenNeeded({ id, children }: { id: string; children: ReactNode }) {
  // The server snapshot is used exactly while hydrating (and when prerendering).
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  if (hydrating && typeof document !== 'undefined') use(whenNeeded(id));
  return children;
}

/**
 * A Suspense boundary that never shows a fallback. On a prerendered page React hydrates
 * each boundary on its own, so a long page becomes interactive in short tasks rather
 * than one long one; with `deferUntilNear` (the id of an element inside), a section below
 * the fold is hydrated only when it is about to be seen or the visitor interacts.
 */
export function HydrationUnit({
  children,
  deferUntilNear,
}: {
  children: ReactNode;
  deferUntilNear?: string;
}) {
  return (
    <Suspense fallback={null}>
      {deferUntilNear ? (
        <HydrateWhenNeeded id={deferUntilNear}>{children}</HydrateWhenNeeded>
      ) : (
        children
      )}
    </Suspense>
  );
}
