import { clsx } from 'clsx';
import { useSession } from '@/client/api/auth/get-session';
import { updateParticipantProfile } from '@/client/api/participants/put-participant-profile';
import { useLanguageState } from '@/client/i18n/language';
import { useSiteLocation, useSiteNavigate } from '@/client/lib/site-nav';
import { type Language, languageNames } from '@/shared/i18n/languages';
import { localizedPath, publicPageOf } from '@/shared/paths';

/** How long a switch waits for the participant's language to be saved before it moves on. */
const SAVE_WAIT_MS = 2000;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The language switch of the header and the drawer. On a public page it is a link to the
 * page's twin in the other language (it works without JavaScript); elsewhere it changes
 * the chosen language, kept in the `lang` cookie and, for a participant, in the profile.
 */
export function LanguageSwitch({
  compact = false,
  className,
}: {
  compact?: boolean;
  /** Its display, padding and text size (the default: inline-flex, px-3, text-sm). */
  className?: string;
}) {
  const { pathname, search, hash } = useSiteLocation();
  const navigate = useSiteNavigate();
  const { language, choose, englishOnly } = useLanguageState();
  const user = useSession().data?.user ?? null;
  const other: Language = language === 'en' ? 'sw' : 'en';
  const page = publicPageOf(pathname);
  const href = page ? localizedPath(page.path, other) + search + hash : pathname + search + hash;
  // The console and staff read English only (decisions.md section 13): nothing to switch,
  // unless a public page's URL speaks Kiswahili to them (/sw/...): then the way back.
  if (englishOnly && language === 'en') return null;

  async function switchTo(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // A participant's language is remembered for mail and SMS too. It is sent before the
    // page changes, and waited for a moment: on a text page the change is a page load,
    // which would cancel the request, and the next page would put the old language back.
    const saved =
      user?.role === 'participant'
        ? updateParticipantProfile(user.id, { language: other }).catch(() => undefined)
        : undefined;
    await Promise.all([choose(other), saved && Promise.race([saved, pause(SAVE_WAIT_MS)])]);
    if (page) navigate(href);
  }

  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      onClick={(event) => void switchTo(event)}
      // The visible "SW" stays part of the name, for voice control (label in name).
      aria-label={compact ? `${languageNames[other]} (${other.toUpperCase()})` : undefined}
      className={clsx(
        'min-h-10 items-center rounded-md font-medium text-muted-foreground underline-offset-4 hover:bg-accent hover:text-accent-foreground',
        className ?? 'inline-flex px-3 text-sm',
      )}
    >
      {compact ? other.toUpperCase() : languageNames[other]}
    </a>
  );
}
