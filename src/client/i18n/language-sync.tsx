import { useEffect, useRef } from 'react';
import { useSession } from '@/client/api/auth/get-session';
import { useSiteLocation } from '@/client/lib/site-nav';
import { publicPageLanguage } from '@/shared/paths';
import { readLanguageCookie, useLanguageState } from './language';

/**
 * Keeps the chosen language (decisions.md section 13):
 * - a signed-in participant's profile language wins when they sign in or the page loads;
 * - a visitor who lands on a public page in the other language has chosen it.
 */
export function LanguageSync() {
  const { pathname } = useSiteLocation();
  const { chosen, choose } = useLanguageState();
  const read = useSession();
  // Until the session answers, nobody is known to be a visitor (a participant's or staff
  // member's visit to a /sw page is not a visitor's choice).
  const answered = !read.isPending;
  const user = read.data?.user ?? null;
  const participant = user?.role === 'participant' ? user : null;
  const appliedFor = useRef<string | null>(null);
  const fromUrl = publicPageLanguage(pathname);

  useEffect(() => {
    if (participant) {
      if (appliedFor.current === participant.id) return;
      appliedFor.current = participant.id;
      if (participant.language !== chosen) void choose(participant.language);
      return;
    }
    appliedFor.current = null;
    if (!answered) return;
    // Landing on a public page in a language is choosing it (the cookie keeps it for the
    // pages without a language in their URL).
    if (!user && fromUrl && (fromUrl !== chosen || readLanguageCookie() !== fromUrl)) {
      void choose(fromUrl);
    }
  }, [participant, user, answered, fromUrl, chosen, choose]);

  return null;
}
