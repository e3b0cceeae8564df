import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '@/shared/i18n/languages';
import { formatKes } from '@/shared/rules/money';
import { NO_VALUE } from '@/client/lib/no-value';

const root = import.meta.dirname;

function filesUnder(dir: string, test: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return entry.isFile() && test(entry.name) ? [full] : [];
  });
}

const clientSources = filesUnder(
  path.join(root, 'client'),
  (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name),
);

/** The code of a file without its comments (a comment may name the ISO code). */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

const relative = (file: string) => path.relative(root, file);

describe('money and empty values are shown one way', () => {
  it('amounts say "Ksh", as en-KE and sw-KE currency formatting writes them', () => {
    for (const language of languages) {
      expect(formatKes(150000n, language).replace(/\s/g, ' ')).toBe('Ksh 1,500');
    }
  });

  it('no client text says "KES": labels say "Ksh" like the amounts', () => {
    const offenders = clientSources.filter((file) =>
      /['"`>][^'"`<]*\bKES\b/.test(codeOf(file).replace(/currency: 'KES'/g, '')),
    );
    expect(offenders.map(relative)).toEqual([]);
  });

  // Amounts and field labels; the legal prose may name the currency's code once
  // ("Kenyan shillings (KES)"), as contracts do.
  it('no catalogue message shown beside amounts says "KES"', () => {
    const catalogues = filesUnder(path.join(root, 'shared/i18n/catalogues'), (name) =>
      name.endsWith('.json'),
    ).filter((file) => !/\/(errors|mail|legal)\.json$/.test(file));
    const offenders = catalogues.filter((file) => /\bKES\b/.test(fs.readFileSync(file, 'utf8')));
    expect(offenders.map(relative)).toEqual([]);
  });

  it('"no value" is the em dash of NO_VALUE, never a dash typed in a component', () => {
    expect(NO_VALUE).toBe('\u2014');
    const lonelyDash = /(['"`])\s*[\u2013\u2014]\s*\1|>\s*[\u2013\u2014]\s*<|\?\?\s*(['"`])-\2/;
    const offenders = clientSources
      .filter((file) => !file.endsWith(`${path.sep}no-value.ts`))
      .filter((file) => lonelyDash.test(codeOf(file)));
    expect(offenders.map(relative)).toEqual([]);
  });
});
