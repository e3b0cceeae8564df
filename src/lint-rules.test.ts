import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of decision 023, checked on probe files that break them: each probe is
 * linted as if it sat at the given path, so the rules are proven to fire, not just to pass.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function ruleMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module shape lint rules', () => {
  it('refuse drizzle, the tables and a repo in a route file', async () => {
    const messages = await ruleMessages(
      'src/server/modules/studies/probe.routes.ts',
      [
        "import { sql } from 'drizzle-orm';",
        "import { studies } from '../../db/schema/index';",
        "import { listStudies } from './studies.repo';",
        'export const probe = [sql, studies, listStudies];',
      ].join('\n'),
    );
    expect(messages.filter((m) => m.includes('decision 023'))).toHaveLength(3);
  }, 60_000);

  it('refuse a drizzle value in a service file but allow its types', async () => {
    const messages = await ruleMessages(
      'src/server/modules/studies/probe.service.ts',
      [
        "import { sql, type SQL } from 'drizzle-orm';",
        "import type { Db } from '../../db/client';",
        'export const probe = (db: Db, part: SQL) => [sql, db, part];',
      ].join('\n'),
    );
    expect(messages.filter((m) => m.includes('decision 023'))).toHaveLength(1);
    const typesOnly = await ruleMessages(
      'src/server/modules/studies/probe.service.ts',
      ["import type { SQL } from 'drizzle-orm';", 'export const probe = (part: SQL) => part;'].join(
        '\n',
      ),
    );
    expect(typesOnly.filter((m) => m.includes('decision 023'))).toEqual([]);
  }, 60_000);

  it('refuse a feature importing another feature', async () => {
    const messages = await ruleMessages(
      'src/client/features/admin-study/components/probe.tsx',
      "import { StatsStrip } from '../../stats/components/stats-strip';\nexport const probe = StatsStrip;\n",
    );
    expect(messages.some((m) => m.startsWith('import-x/no-restricted-paths'))).toBe(true);
  }, 60_000);

  it('refuse components, lib and the API layer importing features or pages', async () => {
    const probes = [
      'src/client/components/domain/probe.tsx',
      'src/client/lib/probe.ts',
      'src/client/api/stats/probe.ts',
    ];
    for (const file of probes) {
      const messages = await ruleMessages(
        file,
        "import { StatsStrip } from '@/client/features/stats/components/stats-strip';\nimport { HomePage } from '@/client/pages/home';\nexport const probe = [StatsStrip, HomePage];\n",
      );
      expect(
        messages.filter((m) => m.startsWith('import-x/no-restricted-paths')),
        file,
      ).toHaveLength(2);
    }
  }, 60_000);
});

describe('no literal text on participant-facing screens (issue 11, docs/i18n.md)', () => {
  const literal = [
    "import { useT } from '@/client/i18n/language';",
    'export function Probe() {',
    "  const t = useT('common');",
    '  return (',
    '    <section aria-label="Open studies">',
    '      <h2>Available studies</h2>',
    "      <p>{'Apply today'}</p>",
    '      <input placeholder={`Your name`} />',
    '      <span>{t("x" as never)} · 42 %</span>',
    '    </section>',
    '  );',
    '}',
  ].join('\n');
  const rule = (messages: string[]) => messages.filter((m) => m.startsWith('i18n/no-literal-text'));

  it('refuses JSX text, string children and read attributes in a participant page, but not symbols or t()', async () => {
    const messages = await ruleMessages('src/client/pages/probe.tsx', literal);
    expect(rule(messages)).toHaveLength(4);
  }, 60_000);

  it('checks participant features and components, and leaves the English console alone', async () => {
    for (const file of [
      'src/client/features/studies/components/probe.tsx',
      'src/client/components/layout/probe.tsx',
    ]) {
      expect(rule(await ruleMessages(file, literal)), file).toHaveLength(4);
    }
    for (const file of [
      'src/client/pages/admin-probe.tsx',
      'src/client/features/admin-studies/components/probe.tsx',
      'src/client/features/applications/components/admin-probe.tsx',
    ]) {
      expect(rule(await ruleMessages(file, literal)), file).toEqual([]);
    }
  }, 60_000);
});
