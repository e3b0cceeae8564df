// npm test: typecheck, lint, unit, API (PGlite, then PostgreSQL when TEST_DATABASE_URL is set), build, browser.
import fs from 'node:fs';
import { run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

async function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}: install the Debian package "chromium" (apt-get install chromium).`,
    );
    process.exit(1);
  }
  console.log('Installing Debian\'s "chromium" package for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0
  ) {
    console.error('Could not install the Debian package "chromium".');
    process.exit(1);
  }
}

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['unit tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['API tests on PGlite', 'npx', ['vitest', 'run', '--project', 'int'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'API tests on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'int'],
    { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
  ]);
}
steps.push(['client build', 'npm', ['run', '--silent', 'build']]);
steps.push(['browser tests', 'npx', ['vitest', 'run', '--project', 'e2e']]);

const started = Date.now();
for (const [name, command, args, extraEnv] of steps) {
  if (name === 'browser tests') await ensureChromium();
  console.log(`\n=== ${name} ===`);
  const env = { ...process.env, ...extraEnv };
  if (extraEnv && extraEnv.TEST_DATABASE_URL === '') delete env.TEST_DATABASE_URL;
  const code = await run(command, args, { env });
  if (code !== 0) {
    console.error(`\n✗ ${name} failed (exit ${code})`);
    process.exit(code);
  }
}
console.log(`\n✓ all checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
