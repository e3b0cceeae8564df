// npm start: builds when the build is missing or older than its sources, then serves.
import { buildIsStale, root, run } from './lib.mjs';

if (buildIsStale()) {
  console.log('Building (the build is missing or older than its sources)...');
  const code = await run('npm', ['run', '--silent', 'build']);
  if (code !== 0) process.exit(code);
}

// Same process, so SIGTERM reaches the server's graceful shutdown directly. The server is
// the bundle of `npm run build` (plain JavaScript); stack traces point into the sources.
process.setSourceMapsEnabled(true);
process.chdir(root);
await import('../dist/server/main.mjs');
