import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/client/api/auth/get-session';
import { updateParticipantProfile } from '@/client/api/participants/update-participant-profile';
import { useLanguageState } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { type Language, languageNames } from '@/shared/i18n/languages';
import { localizedPath, publicPageOf } from '@/shared/paths';

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
  className?: string;
}) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { language, choose, englishOnly } = useLanguageState();
  const user = useSession().data?.user ?? null;
  const other: Language = language === 'en' ? 'sw' : 'en';
  const page = publicPageOf(pathname);
  const href = page ? localizedPath(page.path, other) + search + hash : pathname + search + hash;
  // The console and staff read English only (decisions.md section 13): nothing to switch.
  if (englishOnly) return null;

  async function switchTo(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    await choose(other);
    if (page) void navigate(href);
    if (user?.role === 'participant') {
      // Remembered for mail and SMS too; the page has changed already whatever the answer.
      void updateParticipantProfile(user.id, { language: other }).catch(() => undefined);
    }
  }

  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      onClick={(event) => void switchTo(event)}
      // The visible "SW" stays part of the name, for voice control (label in name).
      aria-label={compact ? `${languageNames[other]} (${other.toUpperCase()})` : undefined}
      className={cn(
        'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-muted-foreground underline-offset-4 hover:bg-accent hover:text-accent-foreground',
        className,
      )}
    >
      {compact ? other.toUpperCase() : languageNames[other]}
    </a>
  );
}
