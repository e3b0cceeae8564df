import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React runs the page
 * (at once after a client-side navigation). A form's submit button waits for it, so
 * a click before the script is ready cannot send the form natively with its
 * values in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
