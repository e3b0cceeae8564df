// Part of `npm run build`: bundles the server's TypeScript into dist/server/main.mjs, so
// production runs plain JavaScript (no run-time compiler in memory; about 37 MB less RSS).
// npm packages stay external: they are loaded from node_modules, each only when first used.
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  outfile: path.join(root, 'dist/server/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log('server bundled to dist/server/main.mjs');
