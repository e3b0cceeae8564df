// npm run bench:api: the real server vs a bare Fastify route returning the same bytes (decisions.md section 7).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openPglite } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { participants, studies } from '../src/server/db/schema/index';
import { freePort } from '../test/server-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
// On a small machine the load generator shares the CPU with the servers: runs
// alternate app and bare over several rounds and the medians are compared.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = path.resolve(import.meta.dirname, '..');

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function seed(dataDir: string) {
  const database = await openPglite(dataDir);
  await runMigrations(database);
  await database.db.insert(participants).values(
    Array.from({ length: 500 }, (_, i) => ({
      firstName: 'Bench',
      lastName: `Person ${i}`,
      email: `bench.${i}@example.com`,
      phone: `+2547${String(10_000_000 + i)}`,
      passwordHash: 'not-a-login',
    })),
  );
  await database.db.insert(studies).values(
    Array.from({ length: 12 }, (_, i) => ({
      title: `Study ${i}: mobile money onboarding`,
      description: 'Walk through sign-up and first transfer, thinking aloud. '.repeat(3),
      payRate: '1500.00',
      duration: 2,
      maxParticipants: 20,
      status: i % 4 === 0 ? ('completed' as const) : ('active' as const),
      company: `Company ${i % 5}`,
      tags: ['mobile', 'fintech', 'usability'],
    })),
  );
  await database.close();
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const children: ChildProcess[] = [];
try {
  const dataDir = path.join(work, 'data');
  await seed(dataDir);

  const appPort = await freePort();
  // The server as `npm start` runs it: the bundle of `npm run build`.
  const bundle = path.join(root, 'dist/server/main.mjs');
  if (!fs.existsSync(bundle)) throw new Error('dist/server/main.mjs is missing: run npm run build');
  const app = spawn(process.execPath, [bundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(app);
  const appUrl = `http://127.0.0.1:${appPort}`;
  await waitFor(`${appUrl}/api/ready`);

  const routes = ['/api/stats', '/api/tests'];
  const pairs: string[] = [];
  for (const route of routes) {
    const body = await (await fetch(appUrl + route)).text();
    const file = path.join(work, `${crypto.randomUUID()}.json`);
    fs.writeFileSync(file, body);
    pairs.push(`${route}=${file}`);
  }
  const barePort = await freePort();
  const bare = fork(path.join(root, 'bench/bare-server.ts'), [String(barePort), ...pairs], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  children.push(bare);
  await new Promise<void>((resolve) => bare.once('message', () => resolve()));
  const bareUrl = `http://127.0.0.1:${barePort}`;

  console.log(
    `bench:api — ${ROUNDS} rounds x ${SECONDS} s per server and route, ${CONNECTIONS} connections, PGlite, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  const rows = [];
  for (const route of routes) {
    // Warm-up so the JIT and the caches are settled in both servers.
    await autocannon({ url: appUrl + route, connections: CONNECTIONS, duration: 2 });
    await autocannon({ url: bareUrl + route, connections: CONNECTIONS, duration: 2 });
    const real: { rps: number; p99: number }[] = [];
    const base: { rps: number; p99: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      real.push(await load(appUrl + route));
      base.push(await load(bareUrl + route));
    }
    const appRps = median(real.map((r) => r.rps));
    const bareRps = median(base.map((r) => r.rps));
    rows.push({
      route,
      'app req/s': Math.round(appRps),
      'app p99 ms': median(real.map((r) => r.p99)),
      'bare req/s': Math.round(bareRps),
      'bare p99 ms': median(base.map((r) => r.p99)),
      ratio: `${((appRps / bareRps) * 100).toFixed(1)} %`,
      'budget (>= 50 %)': appRps / bareRps >= 0.5 ? 'met' : 'MISSED',
    });
  }
  console.table(rows);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results/api.json'),
    JSON.stringify({ at: new Date().toISOString(), SECONDS, CONNECTIONS, rows }, null, 2),
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  fs.rmSync(work, { recursive: true, force: true });
}
