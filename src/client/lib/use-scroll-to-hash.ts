import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the section named by the URL's hash into view and gives it focus, as a
 * full page load would. For pages whose sections are linked (`/about#privacy`): a
 * client-side navigation does not scroll to the hash by itself, and a lazy page is
 * only there after RouteFocus has already sent the view to the top.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [hash]);
}
