// npm run bench:scale -- [--database-url postgres://…] [--samples 200] [--concurrency 8] [--stats-seconds 6]
// The scale budget of decisions.md section 7, on a database filled by `npm run seed:scale`:
// admin list and search latencies (< 50 ms p95, with p50 and p99 beside it): list pages, deep
// pages, search, every profile filter, a study's eligible count, the application list by study
// and by screener answer, and the statistics; the participants CSV export's memory (< 150 MB
// RSS of the server process) and the database cost of GET /api/stats.
// The app (buildApp) runs in a child process so its RSS is its own, and counts its own queries.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import type { LoggerOptions } from 'pino';
import { productionNodeOptions } from '../scripts/lib.mjs';
import { freePort } from '../test/server-process';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    samples: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    'stats-seconds': { type: 'string', default: '6' },
    'stats-connections': { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
    /** Only the participant filters of decisions.md section 10 (and their plans): no walk, CSV or stats. */
    'filters-only': { type: 'boolean', default: false },
  },
});
const url =
  values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';

type Tally = { total: number; stats: number; session: number };
type ToChild = { type: 'tally' };
type FromChild = { type: 'listening'; port: number } | { type: 'tally'; tally: Tally };

if (values.serve) await serve();
else await bench();

/**
 * Exits non-zero when a budget was missed (the bench is not part of `npm test`; CI or a
 * person running it reads the code), naming each miss.
 */
function verdict(tables: Record<string, string | number>[][]) {
  const checked = tables.flat().filter((row) => row.result !== undefined);
  const missed = checked.filter((row) => row.result !== 'met');
  if (missed.length === 0) {
    console.log(`\nbench:scale: all ${checked.length} budgets met.`);
    return;
  }
  console.log(`\nbench:scale: ${missed.length} of ${checked.length} budgets MISSED:`);
  for (const row of missed)
    console.log(`  - ${String(row.case ?? row.client ?? row.who)}: ${JSON.stringify(row)}`);
  process.exitCode = 1;
}

/** Child: the real app on the given database, counting every query sent to PostgreSQL. */

async function serve() {
  const tally: Tally = { total: 0, stats: 0, session: 0 };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    tally.total++;
    if (text.includes('"participantCount"')) tally.stats++;
    else if (text.includes('"sessions"')) tally.session++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  const pino = (await import('pino')).default;
  const { buildApp, loggerOptions } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const { openDatabase } = await import('../src/server/db/client');
  const config = loadConfig();
  const database = await openDatabase(config);
  // As main.ts: one log line per request, written asynchronously.
  const destination = pino.destination({ dest: 1, sync: false });
  const app = await buildApp({
    config,
    database,
    loggerInstance: pino(loggerOptions(config.logLevel) as LoggerOptions, destination),
    clientDir: path.join(os.tmpdir(), 'bench-scale-no-client'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.on('message', (message: ToChild) => {
    if (message.type === 'tally') process.send!({ type: 'tally', tally: { ...tally } });
  });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send!({ type: 'listening', port } satisfies FromChild);
}

async function bench() {
  const SAMPLES = Number(values.samples);
  const CONCURRENCY = Number(values.concurrency);
  const STATS_SECONDS = Number(values['stats-seconds']);
  const STATS_CONNECTIONS = Number(values['stats-connections']);
  const BUDGET_MS = 50;
  const RSS_BUDGET_MB = 150;

  const { openPostgres } = await import('../src/server/db/client');
  const { createAdmin } = await import('../src/server/modules/admins/admins.service');
  const database = await openPostgres(url, 2);
  const sql = (database.db as unknown as { $client: pg.Pool }).$client;
  const one = async <T>(text: string, params: unknown[] = []) =>
    (await sql.query<T & pg.QueryResultRow>(text, params)).rows;

  const [sizes] = await one<{ participants: number; applications: number; studies: number }>(
    `SELECT (SELECT count(*) FROM participants)::int AS participants,
       (SELECT count(*) FROM applications)::int AS applications,
       (SELECT count(*) FROM tests)::int AS studies`,
  );
  if (!sizes || sizes.participants === 0) {
    console.error(`No participants in ${url}: run npm run seed:scale first.`);
    await database.close();
    process.exit(1);
  }

  // Search terms from the data: the commonest surname, and rare e-mail and phone fragments of
  // random people (a different term per request, as an admin looking people up would type).
  const [common] = await one<{ last_name: string; n: number }>(
    'SELECT last_name, count(*)::int AS n FROM participants GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  );
  const people = await one<{ email: string; phone: string }>(
    `SELECT email, phone FROM participants TABLESAMPLE BERNOULLI (1) REPEATABLE (7) LIMIT ${SAMPLES}`,
  );
  const emailTerms = people.map((p) => p.email.split('@')[0]!.slice(-9));
  const phoneTerms = people.map((p) => p.phone.slice(-7));
  const [popularStudy] = await one<{ test_id: string; n: number }>(
    'SELECT test_id, count(*)::int AS n FROM applications GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
  );
  // The busiest study that asks a screener (seed:scale gives one to most), for the list by
  // answer, and the busiest with stored criteria, for its eligible count as staff open it.
  const [screenedStudy] = await one<{ test_id: string; n: number }>(
    `SELECT a.test_id, count(*)::int AS n FROM applications a JOIN tests t ON t.id = a.test_id
      WHERE t.screener <> '[]'::jsonb GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  );
  const criteriaStudies = await one<{ id: string; criteria: Record<string, unknown> }>(
    `SELECT DISTINCT ON (criteria) id, criteria FROM tests
      WHERE EXISTS (SELECT 1 FROM jsonb_each(criteria) c WHERE c.value <> '[]'::jsonb)
      ORDER BY criteria, created_at DESC LIMIT 8`,
  );

  // A throwaway super admin, removed at the end.
  const email = `bench-scale-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = crypto.randomBytes(18).toString('base64url');
  const admin = await createAdmin(
    database.db,
    { email, password, role: 'super_admin' },
    { actor: null, ip: 'bench', userAgent: 'bench:scale' },
  );

  const children: ChildProcess[] = [];
  const results: Record<string, unknown> = {};
  try {
    const child = fork(import.meta.filename, ['--serve'], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        PUBLIC_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: FromChild) => m.type === 'listening' && resolve(m.port));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const tally = () =>
      new Promise<Tally>((resolve) => {
        const onMessage = (m: FromChild) => {
          if (m.type !== 'tally') return;
          child.off('message', onMessage);
          resolve(m.tally);
        };
        child.on('message', onMessage);
        child.send({ type: 'tally' } satisfies ToChild);
      });
    const rssMb = (field: 'VmRSS' | 'VmHWM') => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
    };

    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    let cookie = '';
    function request(
      method: string,
      route: string,
      body?: unknown,
    ): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }> {
      return new Promise((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method,
            path: route,
            agent,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(payload ? { 'content-type': 'application/json' } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                text: Buffer.concat(chunks).toString('utf8'),
                headers: res.headers,
              }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    }
    async function getJson<T>(route: string): Promise<T> {
      const res = await request('GET', route);
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${res.text.slice(0, 200)}`);
      return JSON.parse(res.text) as T;
    }

    const rssAtStart = rssMb('VmRSS');
    const signIn = await request('POST', '/api/auth/signin', { email, password });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.text}`);
    cookie = String(signIn.headers['set-cookie']).split(';')[0]!;

    console.log(
      `bench:scale — ${sizes.participants.toLocaleString('en')} participants, ${sizes.applications.toLocaleString('en')} applications, ${sizes.studies.toLocaleString('en')} studies; ` +
        `${SAMPLES} samples per case after warm-up, ${os.cpus().length} cores, Node ${process.version}, PostgreSQL at ${new URL(url).host}${new URL(url).pathname}\n`,
    );
    // Latencies on 2 cores move with the neighbours: say how busy the machine was, at the
    // start and (below) at the end, so a figure is read with its conditions.
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ');
    console.log(`Load average at the start: ${load()} (1, 5, 15 min; ${os.cpus().length} cores)\n`);
    results.loadAtStart = os.loadavg();

    const pct = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
    const rows: Record<string, string | number>[] = [];
    /** Times `routes` (cycled to `SAMPLES`), `concurrency` requests in flight, after a warm-up. */
    async function measure(name: string, routes: string[], concurrency = 1, budget = BUDGET_MS) {
      for (let i = 0; i < Math.min(20, routes.length * 5); i++)
        await getJson(routes[i % routes.length]!);
      const times: number[] = [];
      let next = 0;
      let matches = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < SAMPLES) {
            const route = routes[next++ % routes.length]!;
            const t0 = performance.now();
            const body = await getJson<{ total?: number }>(route);
            times.push(performance.now() - t0);
            matches += body.total ?? 0;
          }
        }),
      );
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      rows.push({
        case: name,
        'in flight': concurrency,
        'avg total': Math.round(matches / SAMPLES),
        'p50 ms': Number(pct(times, 50).toFixed(1)),
        'p95 ms': Number(p95.toFixed(1)),
        'p99 ms': Number(pct(times, 99).toFixed(1)),
        budget: `< ${budget} ms p95`,
        result: p95 < budget ? 'met' : 'MISSED',
      });
    }

    /** One row of timings against `budget` (null: reported, not a budget). */
    function timingRow(name: string, times: number[], budget: number | null) {
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95);
      rows.push({
        case: name,
        'in flight': 1,
        'avg total': '',
        'p50 ms': Number(pct(times, 50).toFixed(1)),
        'p95 ms': Number(p95.toFixed(1)),
        'p99 ms': Number(pct(times, 99).toFixed(1)),
        ...(budget === null
          ? { budget: 'none (no request waits)' }
          : { budget: `< ${budget} ms p95`, result: p95 < budget ? 'met' : 'MISSED' }),
      });
    }

    /** Times `call` itself, `samples` times one after another (no HTTP, no cache). */
    async function measureCall(
      name: string,
      call: () => Promise<unknown>,
      samples = 30,
      budget: number | null = BUDGET_MS,
    ) {
      for (let i = 0; i < 3; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
      timingRow(name, times, budget);
    }

    /** `sample` times what it measures itself and answers it in ms, `samples` times. */
    async function measureTimed(name: string, sample: () => Promise<number>, samples = 30) {
      await sample();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) times.push(await sample());
      timingRow(name, times, BUDGET_MS);
    }

    // The participants tab's filters (decisions.md section 10): common and rare values, arrays,
    // ages, flags and combinations, each with its total; the slowest is EXPLAINed below.
    const filterCases: [string, string][] = [
      ['gender=woman (common)', 'gender=woman'],
      ['county=Nairobi (common)', 'county=Nairobi'],
      ['county=Lamu (rare)', 'county=Lamu'],
      ['employment=student', 'employment=student'],
      ['incomeBand=250k_plus', 'incomeBand=250k_plus'],
      ['internetAccess=none', 'internetAccess=none'],
      ['education=Doctoral Degree', `education=${encodeURIComponent('Doctoral Degree')}`],
      ['device=feature_phone (array)', 'device=feature_phone'],
      ['language=somali (array, rare)', 'language=somali'],
      ['mobileMoney=airtel_money (array)', 'mobileMoney=airtel_money'],
      ['ageMin=25&ageMax=34', 'ageMin=25&ageMax=34'],
      ['ageMin=60 (rare)', 'ageMin=60'],
      ['inviteOptIn=true', 'inviteOptIn=true'],
      ['blocked=true (rare)', 'blocked=true'],
      ['duplicates=true (rare)', 'duplicates=true'],
      [
        'woman, Kisumu, opted in, 18-24',
        'gender=woman&county=Kisumu&inviteOptIn=true&ageMin=18&ageMax=24',
      ],
      [
        'android, Nairobi, mobile only',
        'device=android_phone&county=Nairobi&internetAccess=mobile_only',
      ],
    ];
    const filterRows: Record<string, string | number>[] = [];
    {
      const before = rows.length;
      for (const [name, query] of filterCases)
        await measure(`filter: ${name}`, [`/api/participants?limit=50&${query}`]);
      await measure(`filter: search "${common!.last_name.toLowerCase()}" + gender=woman`, [
        `/api/participants?limit=50&gender=woman&search=${encodeURIComponent(common!.last_name.toLowerCase())}`,
      ]);
      await measure(
        'filter: county=Nairobi&gender=woman',
        ['/api/participants?limit=50&county=Nairobi&gender=woman'],
        CONCURRENCY,
      );
      // The matching count of a study (GET /api/tests/{id}/matches, decisions.md section 10) on
      // the busiest study, for a broad and a narrow draft of criteria (?criteria=, not saved).
      const criteria = (c: object) => encodeURIComponent(JSON.stringify(c));
      const matchCases: [string, object][] = [
        ['matches: counties Nairobi (broad)', { counties: ['Nairobi'] }],
        ['matches: 18-34 (broad)', { ageMin: 18, ageMax: 34 }],
        [
          'matches: Lamu, women, iPhone (narrow)',
          { counties: ['Lamu'], genders: ['woman'], devices: ['iphone'] },
        ],
        [
          'matches: Nairobi, 25-34, android, kiswahili, 30k-50k',
          {
            counties: ['Nairobi'],
            ageMin: 25,
            ageMax: 34,
            devices: ['android_phone'],
            languages: ['kiswahili'],
            incomeBands: ['30k_50k'],
          },
        ],
      ];
      for (const [name, c] of matchCases)
        await measure(name, [
          `/api/tests/${popularStudy!.test_id}/matches?criteria=${criteria(c)}`,
        ]);
      // A study's own stored criteria, as the console asks when staff open it.
      for (const study of criteriaStudies) {
        const set = Object.entries(study.criteria)
          .filter(([, v]) => !(Array.isArray(v) && v.length === 0))
          .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : String(v)}`)
          .join(', ');
        await measure(`matches: stored criteria (${set})`, [`/api/tests/${study.id}/matches`]);
      }
      filterRows.push(...rows.splice(before));
      console.table(filterRows);
      results.filters = filterRows;

      // EXPLAIN (ANALYZE) of the slowest filter's two statements, built by the app's own repo.
      const slowest = filterRows
        .filter((r) => filterCases.some(([name]) => `filter: ${name}` === r.case))
        .sort((a, b) => Number(b['p95 ms']) - Number(a['p95 ms']))[0]!;
      const found = filterCases.find(([name]) => `filter: ${name}` === slowest.case);
      if (found) {
        const { participantListQuerySchema } = await import('../src/shared/schemas/participants');
        const { participantWhere, participantsPageQuery, countParticipantsQuery } =
          await import('../src/server/modules/participants/participants.repo');
        const { nairobiToday } = await import('../src/shared/rules/eligibility');
        const parsed = participantListQuerySchema.parse(
          Object.fromEntries(new URLSearchParams(`limit=50&${found[1]}`)),
        );
        const where = participantWhere(parsed, nairobiToday(new Date()));
        for (const [label, query] of [
          ['page', participantsPageQuery(database.db, { where, cursor: undefined, limit: 51 })],
          ['total', countParticipantsQuery(database.db, where)],
        ] as const) {
          const built = query.toSQL();
          const plan = await one<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${built.sql}`,
            built.params,
          );
          console.log(`\nEXPLAIN ANALYZE, slowest filter "${found[0]}" (${label}):`);
          console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
        }
      }
    }
    if (values['filters-only']) {
      console.log(JSON.stringify({ filters: filterRows }, null, 2));
      console.log(`\nLoad average at the end: ${load()}`);
      verdict([filterRows]);
      return;
    }

    // Walk the whole list a page of 200 at a time: every row exactly once, cursors for deep pages.
    type Page = { participants: { id: string }[]; nextCursor: string | null; total: number };
    const walkTimes: number[] = [];
    const seen = new Set<string>();
    const cursors: string[] = [];
    let cursor: string | null = null;
    do {
      const t0 = performance.now();
      const page: Page = await getJson<Page>(
        `/api/participants?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walkTimes.push(performance.now() - t0);
      for (const p of page.participants) seen.add(p.id);
      cursor = page.nextCursor;
      if (cursor) cursors.push(cursor);
    } while (cursor);
    walkTimes.sort((a, b) => a - b);
    const walk = {
      pages: walkTimes.length,
      rows: seen.size,
      expected: sizes.participants,
      'p95 ms': Number(pct(walkTimes, 95).toFixed(1)),
      'max ms': Number(walkTimes[walkTimes.length - 1]!.toFixed(1)),
    };
    console.log('Whole participant list walked by cursor (limit 200):', walk);
    results.walk = walk;
    const deep = cursors.slice(Math.floor(cursors.length * 0.5));

    const q = (s: string) => encodeURIComponent(s);
    await measure('participants: first page', ['/api/participants?limit=50']);
    await measure(
      'participants: deep pages (2nd half, by cursor)',
      deep.map((c) => `/api/participants?limit=50&cursor=${c}`),
    );
    await measure(`participants: search common surname "${common!.last_name.toLowerCase()}"`, [
      `/api/participants?limit=50&search=${q(common!.last_name.toLowerCase())}`,
    ]);
    await measure(
      'participants: search rare e-mail fragments',
      emailTerms.map((t) => `/api/participants?limit=50&search=${q(t)}`),
    );
    await measure(
      'participants: search phone fragments (7 digits)',
      phoneTerms.map((t) => `/api/participants?limit=50&search=${q(t)}`),
    );
    await measure('participants: search location "nairobi"', [
      '/api/participants?limit=50&search=nairobi',
    ]);
    await measure('participants: search location "kitale"', [
      '/api/participants?limit=50&search=kitale',
    ]);
    await measure('participants: first page', ['/api/participants?limit=50'], CONCURRENCY);
    await measure(
      `participants: search "${common!.last_name.toLowerCase()}"`,
      [`/api/participants?limit=50&search=${q(common!.last_name.toLowerCase())}`],
      CONCURRENCY,
    );
    await measure(
      'participants: search rare e-mail fragments',
      emailTerms.map((t) => `/api/participants?limit=50&search=${q(t)}`),
      CONCURRENCY,
    );

    // The admin application list is paged only once `limit` is among its parameters.
    const docs = await getJson<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>('/api/docs/json');
    const params = docs.paths['/api/applications']?.get?.parameters?.map((p) => p.name) ?? [];
    if (params.includes('limit')) {
      await measure('applications: first page', ['/api/applications?limit=50']);
      type AppPage = { nextCursor: string | null };
      let appCursor: string | null = null;
      const appCursors: string[] = [];
      for (let i = 0; i < 200; i++) {
        const page: AppPage = await getJson<AppPage>(
          `/api/applications?limit=200${appCursor ? `&cursor=${appCursor}` : ''}`,
        );
        appCursor = page.nextCursor;
        if (!appCursor) break;
        appCursors.push(appCursor);
      }
      await measure(
        'applications: pages 2-200 (by cursor)',
        appCursors.map((c) => `/api/applications?limit=50&cursor=${c}`),
      );
      if (params.includes('status')) {
        await measure('applications: status=completed', [
          '/api/applications?limit=50&status=completed',
        ]);
        await measure('applications: status=scheduled', [
          '/api/applications?limit=50&status=scheduled',
        ]);
      }
      await measure(`applications: busiest study (${popularStudy!.n} rows)`, [
        `/api/applications?limit=50&testId=${popularStudy!.test_id}`,
      ]);
      if (params.includes('status'))
        await measure('applications: busiest study, status=completed', [
          `/api/applications?limit=50&testId=${popularStudy!.test_id}&status=completed`,
        ]);
      // By screener answer (answer=question:option): within the busiest screened study and
      // across every study, a common and a rare choice of each kind of question.
      if (params.includes('answer') && screenedStudy) {
        const within = `/api/applications?limit=50&testId=${screenedStudy.test_id}`;
        await measure(`applications: screened study (${screenedStudy.n} rows)`, [within]);
        await measure('applications: screened study, answer phone:android (common)', [
          `${within}&answer=phone:android`,
        ]);
        await measure('applications: screened study, answer phone:feature (rare)', [
          `${within}&answer=phone:feature`,
        ]);
        await measure('applications: screened study, answer apps:banking (multi, rare)', [
          `${within}&answer=apps:banking`,
        ]);
        await measure('applications: answer phone:android, every study (common)', [
          '/api/applications?limit=50&answer=phone:android',
        ]);
        await measure('applications: answer phone:none, every study', [
          '/api/applications?limit=50&answer=phone:none',
        ]);
        await measure('applications: answer apps:banking, every study (multi, rare)', [
          '/api/applications?limit=50&answer=apps:banking',
        ]);
      } else {
        console.log('No screened study or no answer filter: applications by answer not measured.');
      }
      if (params.includes('search'))
        await measure(`applications: search "${common!.last_name.toLowerCase()}"`, [
          `/api/applications?limit=50&search=${q(common!.last_name.toLowerCase())}`,
        ]);
      await measure('applications: first page', ['/api/applications?limit=50'], CONCURRENCY);
    } else {
      console.log(
        'GET /api/applications has no limit/cursor parameters in this build: not measured (it would answer every row).',
      );
      results.applications = 'not paged in this build; not measured';
    }
    // Statistics: as served (cached for STATS_TTL_MS, so nearly every request is a hit); the
    // request that comes after each expiry (answered the figures held while one reload runs,
    // STATS_STALE_MS), timed through the service on a clock of its own; and the computation
    // itself, which runs behind that request (reported, no budget: nobody waits for it).
    await measure('stats: GET /api/stats (admin)', ['/api/stats']);
    await measure('stats: GET /api/stats/trends', ['/api/stats/trends']);
    {
      const { selectFigures, selectTrends } =
        await import('../src/server/modules/stats/stats.repo');
      const { createStatsService, STATS_TTL_MS, TRENDS_TIME_ZONE, TRENDS_WEEKS } =
        await import('../src/server/modules/stats/stats.service');
      let clock = Date.now();
      const stats = createStatsService({ db: database.db, now: () => clock });
      /** The request after an expiry, timed; then untimed until its reload has landed. */
      const afterExpiry = (read: () => Promise<object>) => async () => {
        const held = await read();
        clock += STATS_TTL_MS;
        const t0 = performance.now();
        await read();
        const took = performance.now() - t0;
        while ((await read()) === held) await new Promise((resolve) => setTimeout(resolve, 5));
        return took;
      };
      await measureTimed(
        'stats: the figures, the request after each expiry',
        afterExpiry(stats.adminFigures),
      );
      await measureTimed(
        'stats: the weekly trends, the request after each expiry',
        afterExpiry(stats.trends),
      );
      await measureCall(
        'stats: the figures computed (behind that request)',
        () => selectFigures(database.db),
        30,
        null,
      );
      await measureCall(
        'stats: the weekly trends computed (behind that request)',
        () =>
          selectTrends(database.db, {
            now: new Date(),
            timeZone: TRENDS_TIME_ZONE,
            weeks: TRENDS_WEEKS,
          }),
        30,
        null,
      );
    }
    console.table(rows);
    results.latency = rows;

    // CSV export, measured on the server as it runs in production (`npm start`: the server
    // bundled by esbuild, plain JavaScript, no query counting): its RSS sampled every 25 ms
    // while the file streams, at full speed and then to a slow client (backpressure must
    // hold the rows in PostgreSQL, not in memory).
    // The working tree's server, bundled as scripts/build-server.mjs does but to a place of
    // its own: dist/ may hold another build, and is not this bench's to overwrite. Under
    // node_modules, so the bundle's external packages resolve as they do from dist/.
    const bundle = path.join(root, 'node_modules/.cache/bench-scale/main.mjs');
    const { build } = await import('esbuild');
    await build({
      entryPoints: [path.join(root, 'src/server/main.ts')],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    const prodPort = await freePort();
    const prod = spawn(process.execPath, [...productionNodeOptions(), bundle], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        PORT: String(prodPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${prodPort}`,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        SMTP_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(prod);
    const prodBase = `http://127.0.0.1:${prodPort}`;
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error('the production server did not start');
      const ready = await fetch(`${prodBase}/api/ready`).catch(() => null);
      if (ready?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const prodSignIn = await fetch(`${prodBase}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: prodBase },
      body: JSON.stringify({ email, password }),
    });
    if (prodSignIn.status !== 200)
      throw new Error(`sign-in (production server): ${prodSignIn.status}`);
    const prodCookie = prodSignIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const prodRssMb = (field: 'VmRSS' | 'VmHWM') => {
      const status = fs.readFileSync(`/proc/${prod.pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024;
    };
    const prodRssAtStart = prodRssMb('VmRSS');

    async function exportCsv(bytesPerSecond?: number) {
      const before = prodRssMb('VmRSS');
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, prodRssMb('VmRSS'));
      }, 25);
      const t0 = performance.now();
      let lines = 0;
      let bytes = 0;
      let status = 0;
      await new Promise<void>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: prodPort,
              path: '/api/participants/export.csv',
              headers: { cookie: prodCookie },
            },
            (res) => {
              status = res.statusCode!;
              res.on('data', (chunk: Buffer) => {
                bytes += chunk.length;
                for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
                if (bytesPerSecond) {
                  // Read no faster than bytesPerSecond: pause until this chunk's share of time passed.
                  const due = t0 + (bytes / bytesPerSecond) * 1000;
                  const wait = due - performance.now();
                  if (wait > 0) {
                    res.pause();
                    setTimeout(() => res.resume(), wait);
                  }
                }
              });
              res.on('end', resolve);
              res.on('error', reject);
            },
          )
          .on('error', reject);
      });
      clearInterval(sampler);
      peak = Math.max(peak, prodRssMb('VmRSS'));
      const seconds = (performance.now() - t0) / 1000;
      return {
        client: bytesPerSecond ? `slow (${bytesPerSecond / 1e6} MB/s)` : 'full speed',
        status,
        'data rows': lines - 1,
        'expected rows': sizes!.participants,
        MB: Number((bytes / 1e6).toFixed(1)),
        seconds: Number(seconds.toFixed(1)),
        'RSS before MB': Math.round(before),
        'peak RSS MB': Math.round(peak),
        'growth MB': Math.round(peak - before),
        budget: `< ${RSS_BUDGET_MB} MB`,
        result:
          status === 200 && lines - 1 === sizes!.participants && peak < RSS_BUDGET_MB
            ? 'met'
            : 'MISSED',
      };
    }
    const csvRows = [await exportCsv(), await exportCsv(3e6)];
    console.table(csvRows);
    console.log(
      `Production server RSS just after start: ${Math.round(prodRssAtStart)} MB; high-water mark (VmHWM): ${Math.round(prodRssMb('VmHWM'))} MB ` +
        `(the measuring server under tsx started at ${Math.round(rssAtStart)} MB)`,
    );
    results.csv = csvRows;
    results.serverRssAtStartMb = Math.round(prodRssAtStart);
    results.serverHighWaterRssMb = Math.round(prodRssMb('VmHWM'));
    prod.kill('SIGTERM');

    // Stats: many visitors (and admins) for a few seconds; count the statistics queries sent.
    const statsRows = [];
    for (const who of ['visitors', 'admins'] as const) {
      const start = await tally();
      const result = await autocannon({
        url: `http://127.0.0.1:${port}/api/stats`,
        connections: STATS_CONNECTIONS,
        duration: STATS_SECONDS,
        ...(who === 'admins' ? { headers: { cookie } } : {}),
      });
      const end = await tally();
      const statsQueries = end.stats - start.stats;
      const allowed = Math.ceil(STATS_SECONDS / 5) + 1;
      statsRows.push({
        who,
        connections: STATS_CONNECTIONS,
        seconds: STATS_SECONDS,
        requests: result.requests.total,
        'req/s': Math.round(result.requests.average),
        'non-2xx': result.non2xx,
        'stats queries': statsQueries,
        'stats queries/s': Number((statsQueries / STATS_SECONDS).toFixed(2)),
        'session queries': end.session - start.session,
        'all queries': end.total - start.total,
        budget: `<= ${allowed} (1 per 5 s)`,
        result: statsQueries <= allowed && result.non2xx === 0 ? 'met' : 'MISSED',
      });
    }
    console.table(statsRows);
    results.stats = statsRows;

    results.loadAtEnd = os.loadavg();
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench/results/admin-scale.json'),
      JSON.stringify({ at: new Date().toISOString(), sizes, SAMPLES, ...results }, null, 2),
    );
    agent.destroy();
    console.log(`\nLoad average at the end: ${load()}`);
    verdict([filterRows, rows, csvRows, statsRows]);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await one('DELETE FROM sessions WHERE user_id = $1', [admin.id]).catch(() => {});
    await one('DELETE FROM admins WHERE id = $1', [admin.id]).catch(() => {});
    await database.close();
  }
}
