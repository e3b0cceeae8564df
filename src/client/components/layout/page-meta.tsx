import { pageTitle } from '@/client/lib/page-title';
import { useLanguage } from '@/client/i18n/language';
import { languages, localeOf } from '@/shared/i18n/languages';
import { localizedPath } from '@/shared/paths';
import { absoluteUrl, site } from '@/shared/site';

/**
 * A public page's head: title, description, canonical URL and Open Graph tags.
 * React hoists these into <head>; the prerender moves them there in the static HTML.
 */
export function PageMeta({
  title,
  description,
  path,
}: {
  /** The page's own name; omitted on the home page, whose title is the brand's. */
  title?: string;
  description: string;
  /** The page's path from paths.ts (without origin). */
  path: string;
}) {
  const language = useLanguage();
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(localizedPath(path, language));
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {/* Each language names the other (decisions.md section 13). */}
      {languages.map((other) => (
        <link
          key={other}
          rel="alternate"
          hrefLang={other}
          href={absoluteUrl(localizedPath(path, other))}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={absoluteUrl(path)} />
      <meta property="og:locale" content={localeOf[language].replace('-', '_')} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
    </>
  );
}
