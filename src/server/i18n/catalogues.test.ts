import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverNamespaces } from './catalogues';

/** Every namespace a `tr('<namespace>', …)` of server code (or of the shared code it runs) names. */
function namespacesSaid(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) namespacesSaid(full, found);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
      for (const match of fs.readFileSync(full, 'utf8').matchAll(/\btr\(\s*'([a-z]+)'/g))
        found.add(match[1]!);
  }
  return found;
}

describe("the server's catalogues", () => {
  it('hold every namespace server and shared code say messages from (the tests register all of them, the server does not)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const said = new Set([
      ...namespacesSaid(path.join(root, 'server')),
      ...namespacesSaid(path.join(root, 'shared/schemas')),
      ...namespacesSaid(path.join(root, 'shared/rules')),
    ]);
    expect([...said].filter((n) => !serverNamespaces.includes(n as never))).toEqual([]);
  });
});
