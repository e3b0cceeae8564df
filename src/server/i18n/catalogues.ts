import { AsyncLocalStorage } from 'node:async_hooks';
import MessageFormat from '@messageformat/core';
import enCommon from '../../shared/i18n/catalogues/en/common.json';
import enErrors from '../../shared/i18n/catalogues/en/errors.json';
import enMail from '../../shared/i18n/catalogues/en/mail.json';
import enRecruiting from '../../shared/i18n/catalogues/en/recruiting.json';
import enValidation from '../../shared/i18n/catalogues/en/validation.json';
import swCommon from '../../shared/i18n/catalogues/sw/common.json';
import swErrors from '../../shared/i18n/catalogues/sw/errors.json';
import swMail from '../../shared/i18n/catalogues/sw/mail.json';
import swRecruiting from '../../shared/i18n/catalogues/sw/recruiting.json';
import swValidation from '../../shared/i18n/catalogues/sw/validation.json';
import {
  defaultLanguage,
  type Language,
  languageFromAcceptLanguage,
  localeOf,
} from '../../shared/i18n/languages';
import type { Namespace } from '../../shared/i18n/namespaces';
import {
  type CompiledCatalogue,
  type MessageFunction,
  registerCatalogue,
  setLanguageSource,
} from '../../shared/i18n/runtime';

/**
 * The namespaces the server speaks: API errors, the shared schemas' messages, mail, and
 * recruiting's (a disqualified application's kind message).
 */
const serverCatalogues: Record<Language, Partial<Record<Namespace, Record<string, string>>>> = {
  en: {
    common: enCommon,
    errors: enErrors,
    mail: enMail,
    validation: enValidation,
    recruiting: enRecruiting,
  },
  sw: {
    common: swCommon,
    errors: swErrors,
    mail: swMail,
    validation: swValidation,
    recruiting: swRecruiting,
  },
};

/** The namespaces whose messages the server can say (every `tr` of server code needs its own). */
export const serverNamespaces = Object.keys(serverCatalogues.en) as Namespace[];

/** Compiles ICU messages once; the browser gets the same messages compiled at build time. */
export function compileCatalogue(
  language: Language,
  messages: Record<string, string>,
): CompiledCatalogue {
  const formatter = new MessageFormat(localeOf[language], {
    currency: 'KES',
    strict: true,
  });
  const catalogue: CompiledCatalogue = {};
  for (const [key, source] of Object.entries(messages)) {
    catalogue[key] = formatter.compile(source) as MessageFunction;
  }
  return catalogue;
}

let registered = false;

/** Registers the server's catalogues and makes shared code speak each request's language. */
export function useServerCatalogues(): void {
  if (registered) return;
  registered = true;
  for (const [language, byNamespace] of Object.entries(serverCatalogues) as [
    Language,
    Partial<Record<Namespace, Record<string, string>>>,
  ][]) {
    for (const [namespace, messages] of Object.entries(byNamespace) as [
      Namespace,
      Record<string, string>,
    ][]) {
      registerCatalogue(language, namespace, compileCatalogue(language, messages));
    }
  }
  setLanguageSource(() => requestLanguage.getStore() ?? defaultLanguage);
}

/** The language of the request being answered (its Accept-Language), for API messages. */
export const requestLanguage = new AsyncLocalStorage<Language>();

/**
 * Runs `fn` in the language a request's `Accept-Language` asks for. The onRequest hook
 * (app.ts) sets it for the whole request; this is for code that can run outside it: the
 * router's own refusals (no hook runs before them) and the error handler, whatever path
 * led there.
 */
export function inLanguageOf<T>(
  headers: { 'accept-language'?: string | undefined },
  fn: () => T,
): T {
  const language = languageFromAcceptLanguage(headers['accept-language']);
  return language === (requestLanguage.getStore() ?? defaultLanguage)
    ? fn()
    : requestLanguage.run(language, fn);
}
