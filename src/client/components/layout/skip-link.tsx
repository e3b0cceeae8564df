import { useT } from '@/client/i18n/language';

/** The first thing a keyboard user reaches: jumps past the navigation to the page's content. */
export function SkipLink() {
  const t = useT('common');
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 focus:shadow-lg"
    >
      {t('skipLink')}
    </a>
  );
}
