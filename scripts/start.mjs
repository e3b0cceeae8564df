// npm start: builds the client when the build is missing or older than its sources, then serves.
import { clientBuildIsStale, root, run } from './lib.mjs';

if (clientBuildIsStale()) {
  console.log('Building the client (missing or older than its sources)...');
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) process.exit(code);
}

// Same process, so SIGTERM reaches the server's graceful shutdown directly.
const { register } = await import('tsx/esm/api');
register();
process.chdir(root);
await import('../src/server/main.ts');
