/**
 * The entry of the prerendered public pages (decisions 039 and 041): the page paints first,
 * then its islands load (islands.tsx). Fetched before the first paint, the islands' React
 * and data layer (about 90 KB) shared a slow link with the page itself and held its text
 * back (Lighthouse's simulated slow 4G: first paint 2.0-2.1 s with them, 1.3 s after them).
 * The markup needs no script to be read, and its links work before hydration.
 */
import { recordTypedBeforeHydration } from './lib/typed-before-hydration';

recordTypedBeforeHydration();

function loadIslands() {
  void import('./islands');
}

// A frame's callback runs before that frame is painted; the task after it, once it has been.
// A page opened in a background tab paints nothing until shown, and frames wait with it:
// there it loads at once.
if (document.visibilityState === 'hidden') loadIslands();
else requestAnimationFrame(() => setTimeout(loadIslands, 0));
