import fs from 'node:fs';
import path from 'node:path';
import { compileCatalogue } from '@/server/i18n/catalogues';
import { type Language, languages } from '@/shared/i18n/languages';
import { type Namespace, namespaces } from '@/shared/i18n/namespaces';
import { registerCatalogue } from '@/shared/i18n/runtime';

export const cataloguesDir = path.resolve(import.meta.dirname, '../src/shared/i18n/catalogues');

/** One catalogue's source: its JSON file, as translators edit it. */
export function readCatalogue(language: Language, namespace: Namespace): Record<string, string> {
  const file = path.join(cataloguesDir, language, `${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Compiles and registers every namespace in every language. */
export function registerAllCatalogues(): void {
  for (const language of languages) {
    for (const namespace of namespaces) {
      registerCatalogue(
        language,
        namespace,
        compileCatalogue(language, readCatalogue(language, namespace)),
      );
    }
  }
}

/**
 * The English sentences of a namespace that must not show on a Kiswahili page: messages
 * without arguments or markup, of 3 words or more, whose Kiswahili differs.
 */
export function englishSentences(namespace: Namespace): { key: string; text: string }[] {
  const sw = readCatalogue('sw', namespace);
  return Object.entries(readCatalogue('en', namespace))
    .filter(
      ([key, text]) =>
        !/[{}#<]/.test(text) && text.trim().split(/\s+/).length >= 3 && sw[key] !== text,
    )
    .map(([key, text]) => ({ key, text }));
}
