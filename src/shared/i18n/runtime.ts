import { defaultLanguage, type Language } from './languages';
import type { Catalogues, MessageArgs, Namespace } from './namespaces';

/** A compiled message: ICU MessageFormat turned into a function (@messageformat/core). */
export type MessageFunction = (args?: MessageArgs) => string;
export type CompiledCatalogue = Record<string, MessageFunction>;

const compiled = new Map<string, CompiledCatalogue>();
const slot = (language: Language, namespace: Namespace) => `${language}/${namespace}`;

/** Makes a compiled catalogue available to `translate` (the client's loader and the server call it). */
export function registerCatalogue(
  language: Language,
  namespace: Namespace,
  catalogue: CompiledCatalogue,
): void {
  compiled.set(slot(language, namespace), catalogue);
}

export function hasCatalogue(language: Language, namespace: Namespace): boolean {
  return compiled.has(slot(language, namespace));
}

/**
 * One message in one language. A message not loaded in that language falls back to
 * English, then to its key, so a page never shows an empty gap.
 */
export function translate<N extends Namespace>(
  language: Language,
  namespace: N,
  key: keyof Catalogues[N] & string,
  args?: MessageArgs,
): string {
  const message =
    compiled.get(slot(language, namespace))?.[key] ??
    compiled.get(slot(defaultLanguage, namespace))?.[key];
  return message ? message(args) : key;
}

let currentLanguage: () => Language = () => defaultLanguage;

/**
 * Where shared code (the zod schemas' messages) learns the language it speaks: the
 * server reads its request's Accept-Language, the browser the language on the page.
 */
export function setLanguageSource(source: () => Language): void {
  currentLanguage = source;
}

export function activeLanguage(): Language {
  return currentLanguage();
}

/** A message in the language of the moment (see setLanguageSource). */
export function tr<N extends Namespace>(
  namespace: N,
  key: keyof Catalogues[N] & string,
  args?: MessageArgs,
): string {
  return translate(currentLanguage(), namespace, key, args);
}
