import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useSession } from '@/client/api/auth/get-session';
import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '@/shared/i18n/languages';
import type { MessageArgs, MessageKey, Namespace } from '@/shared/i18n/namespaces';
import { setLanguageSource, translate } from '@/shared/i18n/runtime';
import { useSiteLocation } from '@/client/lib/site-nav';
import { localizedPath, publicPageLanguage } from '@/shared/paths';
import { loadCatalogue, loadUsedCatalogues } from './catalogue-loader';

type LanguageState = {
  /** The language the page speaks now. */
  language: Language;
  /** The language chosen for pages without a language in their URL. */
  chosen: Language;
  /**
   * Chooses a language: the messages the page uses arrive first (so nothing flashes empty),
   * then the page switches and the `lang` cookie keeps the choice.
   */
  choose: (language: Language) => Promise<void>;
  /** True where only English is spoken (the console, and staff anywhere): nothing to switch. */
  englishOnly: boolean;
};

const LanguageContext = createContext<LanguageState>({
  language: defaultLanguage,
  chosen: defaultLanguage,
  choose: async () => {},
  englishOnly: false,
});

const ONE_YEAR = 60 * 60 * 24 * 365;

export function readLanguageCookie(): Language | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie);
  const value = match?.[1];
  return isLanguage(value) ? value : null;
}

function writeLanguageCookie(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}

/** The staff console's paths: always English. */
const isConsolePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

let current: Language = defaultLanguage;
setLanguageSource(() => current);

/**
 * The language of the page (decisions.md section 13): a public page's URL decides
 * (/sw/... is Kiswahili); every other page follows the choice, kept in the `lang`
 * cookie and, for a signed-in participant, in their profile.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { pathname } = useSiteLocation();
  const fromUrl = publicPageLanguage(pathname);
  const role = useSession().data?.user?.role;
  const staff = role !== undefined && role !== 'participant';
  const [chosen, setChosen] = useState<Language>(() => readLanguageCookie() ?? fromUrl ?? 'en');
  // The staff console, and staff on any screen without a language in its URL, stay English.
  // An unknown path under /sw (its not-found page) speaks Kiswahili too.
  const fromPrefix = pathname === '/sw' || pathname.startsWith('/sw/') ? 'sw' : null;
  const englishOnly = staff || isConsolePath(pathname);
  const language = fromUrl ?? fromPrefix ?? (englishOnly ? 'en' : chosen);
  // Shared code (the schemas' messages) reads the language outside React.
  current = language;

  const choose = useCallback(async (next: Language) => {
    await loadUsedCatalogues(next).catch(() => undefined);
    setChosen(next);
    writeLanguageCookie(next);
  }, []);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const value = useMemo(
    () => ({ language, chosen, choose, englishOnly }),
    [language, chosen, choose, englishOnly],
  );
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

export function useLanguageState(): LanguageState {
  return useContext(LanguageContext);
}

/** The language the page speaks now. */
export function useLanguage(): Language {
  return useContext(LanguageContext).language;
}

export type Translate<N extends Namespace> = (key: MessageKey<N>, args?: MessageArgs) => string;

/**
 * The messages of one namespace in the page's language. The first render in a language
 * waits (Suspense) for the namespace's chunk; later renders are synchronous.
 */
export function useT<N extends Namespace>(namespace: N): Translate<N> {
  const language = useLanguage();
  // Always `use`: a render that suspended here must call it again when it resumes.
  use(loadCatalogue(language, namespace));
  return useCallback(
    (key: MessageKey<N>, args?: MessageArgs) => translate(language, namespace, key, args),
    [language, namespace],
  );
}

/** Builds links in the page's language: a public page's Kiswahili twin is under /sw. */
export function useLocalizedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localizedPath(path, language), [language]);
}
