import fs from 'node:fs';
import path from 'node:path';

/**
 * The directory holding package.json: the same from the TypeScript sources (tests,
 * scripts) and from the bundle in dist/server, so files such as the migrations and the
 * built client are found from either.
 */
export function projectRoot(from: string = import.meta.dirname): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}
