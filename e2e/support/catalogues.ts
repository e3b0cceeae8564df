import type { Page } from 'playwright-core';
import type { Language } from '@/shared/i18n/languages';
import type { Namespace } from '@/shared/i18n/namespaces';
import { englishSentences, readCatalogue } from '../../test/i18n-catalogues';

/** A message without arguments, as the page shows it (ICU quotes undone). */
export function message(language: Language, namespace: Namespace, key: string): string {
  const text = readCatalogue(language, namespace)[key];
  if (text === undefined) throw new Error(`No message ${language}/${namespace}/${key}`);
  return text.replace(/''/g, "'");
}

/** English sentences of these namespaces that show on the page although it is in Kiswahili. */
export async function englishLeftovers(page: Page, namespaces: Namespace[]): Promise<string[]> {
  const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  return namespaces.flatMap((namespace) =>
    englishSentences(namespace)
      .filter(({ text }) => shown.includes(text.replace(/\s+/g, ' ')))
      .map(({ key, text }) => `${namespace}.${key}: ${text}`),
  );
}
