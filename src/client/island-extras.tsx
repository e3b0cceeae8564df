import { DeferredToaster } from '@/client/components/ui/deferred-toaster';
import { LanguageSync } from '@/client/i18n/language-sync';

/**
 * What a text page runs besides its islands, with no markup of its own: keeping the
 * chosen language, and the toasts. Loaded after the islands (islands.tsx).
 */
export function IslandExtras() {
  return (
    <>
      <LanguageSync />
      {/* A text page seldom raises a toast: its code loads when one is raised. */}
      <DeferredToaster prefetch={false} />
    </>
  );
}
