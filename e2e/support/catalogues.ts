import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Language } from '@/shared/i18n/languages';
import type { Namespace } from '@/shared/i18n/namespaces';

const dir = path.resolve(import.meta.dirname, '../../src/shared/i18n/catalogues');

/** One catalogue's source messages (ICU text, as translators wrote it). */
export function catalogue(language: Language, namespace: Namespace): Record<string, string> {
  return JSON.parse(
    fs.readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8'),
  ) as Record<string, string>;
}

/** A message without arguments, as the page shows it (ICU quotes undone). */
export function message(language: Language, namespace: Namespace, key: string): string {
  const text = catalogue(language, namespace)[key];
  if (text === undefined) throw new Error(`No message ${language}/${namespace}/${key}`);
  return text.replace(/''/g, "'");
}

/**
 * English sentences of these namespaces that show on the page although it is in Kiswahili:
 * every English message without arguments, of 3 words or more, whose Kiswahili differs.
 */
export async function englishLeftovers(page: Page, namespaces: Namespace[]): Promise<string[]> {
  const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const leftovers: string[] = [];
  for (const namespace of namespaces) {
    const en = catalogue('en', namespace);
    const sw = catalogue('sw', namespace);
    for (const [key, text] of Object.entries(en)) {
      if (/[{}#<]/.test(text) || text.trim().split(/\s+/).length < 3) continue;
      if (sw[key] === text) continue;
      if (shown.includes(text.replace(/\s+/g, ' '))) leftovers.push(`${namespace}.${key}: ${text}`);
    }
  }
  return leftovers;
}
