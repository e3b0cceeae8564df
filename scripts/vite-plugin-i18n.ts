/**
 * Compiles the message catalogues (src/shared/i18n/catalogues/<language>/<namespace>.json)
 * to JavaScript at build time with @messageformat/core, so the browser gets plain
 * functions and a runtime of a few hundred bytes, never an ICU parser.
 *
 * - `virtual:i18n/<language>/<namespace>`: one catalogue, compiled (its own chunk);
 * - `virtual:i18n-loaders`: `{ "<language>/<namespace>": () => import(...) }` for every file,
 *   so a page loads only its own namespaces, in the active language only.
 */
import fs from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';

const LOADERS = 'virtual:i18n-loaders';
const PREFIX = 'virtual:i18n/';
const locales: Record<string, string> = { en: 'en-KE', sw: 'sw-KE' };
/** Spoken by the server only (API messages, mail): the browser never loads them. */
const serverOnly = new Set(['errors', 'mail']);

export function i18nCatalogues(root: string): Plugin {
  const dir = path.join(root, 'src/shared/i18n/catalogues');
  const catalogueFiles = () =>
    fs
      .readdirSync(dir)
      .flatMap((language) =>
        fs
          .readdirSync(path.join(dir, language))
          .filter((file) => file.endsWith('.json') && !serverOnly.has(file.slice(0, -5)))
          .map((file) => `${language}/${file.slice(0, -'.json'.length)}`),
      )
      .sort();

  return {
    name: 'insightlab:i18n-catalogues',
    resolveId(id) {
      if (id === LOADERS || id.startsWith(PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${LOADERS}`) {
        const entries = catalogueFiles().map(
          (slot) => `  ${JSON.stringify(slot)}: () => import(${JSON.stringify(PREFIX + slot)}),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const slot = id.slice(PREFIX.length + 1);
      const [language = '', namespace = ''] = slot.split('/');
      const locale = locales[language];
      if (!locale || !/^[a-z][a-z-]*$/.test(namespace)) {
        this.error(`Unknown catalogue "${slot}"`);
      }
      const file = path.join(dir, language, `${namespace}.json`);
      this.addWatchFile(file);
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const formatter = new MessageFormat(locale, { currency: 'KES', strict: true });
      try {
        return compileModule(formatter, messages);
      } catch (error) {
        this.error(`${file}: ${(error as Error).message}`);
      }
    },
  };
}
