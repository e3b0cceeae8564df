/**
 * The languages of the participant side (decisions.md section 13): English and Kiswahili.
 * The staff console stays English.
 */
export const languages = ['en', 'sw'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** The BCP 47 locale that numbers, money and dates are formatted in. */
export const localeOf: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

/** Each language's name in itself, as the language switch shows it. */
export const languageNames: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/** The cookie that keeps a visitor's choice (decisions.md section 13). */
export const LANGUAGE_COOKIE = 'lang';

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'sw';
}

/**
 * The language an `Accept-Language` header asks for: the first of en or sw by weight,
 * English when it names neither (decisions.md section 13).
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header || header.length > 1000) return defaultLanguage;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // A malformed weight ("q=abc") makes the range unusable, as RFC 9110 reads it.
      const weight = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
      const q =
        weight === undefined
          ? 1
          : /^q=[01](?:\.\d{0,3})?$/i.test(weight)
            ? Number(weight.slice(2))
            : NaN;
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q, index };
    })
    .filter((range) => range.q > 0 && !Number.isNaN(range.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) if (isLanguage(range.base)) return range.base;
  return defaultLanguage;
}
