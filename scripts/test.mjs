// npm test: typecheck, lint and unit tests at the same time; then the API tests on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL; the build; the browser tests. Each step's time,
// its test counts and every skipped test are summed up at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, runCaptured } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

async function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}: install the Debian package "chromium" (apt-get install chromium).`,
    );
    return false;
  }
  console.log('Installing Debian\'s "chromium" package for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    (await run('apt-get', ['update', '-qq'], { env })) !== 0 ||
    (await run('apt-get', ['install', '-y', '-qq', 'chromium'], { env })) !== 0
  ) {
    console.error('Could not install the Debian package "chromium".');
    return false;
  }
  return true;
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'insightlab-test-'));
let reports = 0;

/** A vitest run whose results (counts, skipped tests) are also written as JSON for the summary. */
function vitest(name, project, env) {
  const report = path.join(reportDir, `${++reports}-${project}.json`);
  return {
    name,
    command: 'npx',
    args: [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    report,
  };
}

const withoutDatabaseUrl = { ...process.env };
delete withoutDatabaseUrl.TEST_DATABASE_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Steps of one phase run at the same time; a phase starts when the previous one passed.
 * Typecheck, lint and unit tests share the two cores well (mostly one thread each).
 */
const phases = [
  [
    { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
    vitest('unit tests', 'unit'),
  ],
  [vitest('API tests on PGlite', 'int', withoutDatabaseUrl)],
  postgresUrl
    ? [vitest('API tests on PostgreSQL', 'int', { ...process.env, TEST_DATABASE_URL: postgresUrl })]
    : [
        {
          name: 'API tests on PostgreSQL',
          skipped: 'TEST_DATABASE_URL is not set (.ci/run sets it; see README)',
        },
      ],
  [{ name: 'build', command: 'npm', args: ['run', '--silent', 'build'] }],
  [{ ...vitest('browser tests', 'e2e'), before: ensureChromium }],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * CPU seconds used so far by this script's finished child processes (and theirs), from
 * /proc (Linux; undefined elsewhere). Unlike wall-clock time it barely moves with the
 * machine's other load, so before/after comparisons on a shared machine stay meaningful.
 */
function childCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime (fields 16 and 17 of proc(5)), in clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

/** Counts and skipped tests from a vitest JSON report, when the run wrote one. */
function readReport(file) {
  if (!file || !fs.existsSync(file)) return undefined;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const skipped = [];
  for (const result of report.testResults ?? []) {
    for (const test of result.assertionResults ?? []) {
      if (['skipped', 'pending', 'todo'].includes(test.status)) {
        const where = path.relative(process.cwd(), result.name);
        skipped.push(`${where} › ${[...(test.ancestorTitles ?? []), test.title].join(' › ')}`);
      }
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    skippedTests: skipped,
  };
}

async function runStep(step, alone) {
  const started = Date.now();
  if (step.skipped) return { step, status: 'skipped', ms: 0 };
  if (step.before && !(await step.before())) return { step, status: 'failed', ms: 0 };
  const options = { env: step.env ?? process.env };
  let code;
  if (alone) {
    // A step on its own prints as it goes: a long run shows its progress.
    console.log(`\n=== ${step.name} ===`);
    code = await run(step.command, step.args, options);
  } else {
    const result = await runCaptured(step.command, step.args, options);
    code = result.code;
    console.log(
      `\n=== ${step.name} (${seconds(Date.now() - started)}) ===\n${result.output.trimEnd()}`,
    );
  }
  return {
    step,
    status: code === 0 ? 'passed' : 'failed',
    code,
    ms: Date.now() - started,
    tests: readReport(step.report),
  };
}

function printSummary(results, totalMs) {
  const rows = results.map((r) => {
    const t = r.tests;
    const tests = t ? `${t.passed} passed, ${t.skipped} skipped, ${t.failed} failed` : '';
    const cpu = r.cpuMs === undefined ? '' : `${r.phaseCpu ? 'phase ' : ''}cpu ${seconds(r.cpuMs)}`;
    const note = r.status === 'skipped' ? r.step.skipped : [tests, cpu].filter(Boolean).join('; ');
    return [
      r.step.name,
      r.status === 'passed' ? '✓' : r.status === 'failed' ? '✗' : 'skipped',
      seconds(r.ms),
      note,
    ];
  });
  const width = (i) => Math.max(...rows.map((row) => row[i].length));
  console.log('\n=== summary ===');
  for (const row of rows) {
    console.log(
      `${row[0].padEnd(width(0))}  ${row[1].padEnd(width(1))}  ${row[2].padStart(width(2))}  ${row[3]}`,
    );
  }
  console.log(
    `${'total (wall clock)'.padEnd(width(0))}  ${''.padEnd(width(1))}  ${seconds(totalMs)}`,
  );
  const skippedSteps = results.filter((r) => r.status === 'skipped');
  for (const r of skippedSteps) console.log(`\n! ${r.step.name} did not run: ${r.step.skipped}`);
  for (const r of results) {
    const list = r.tests?.skippedTests ?? [];
    if (list.length === 0) continue;
    console.log(`\n${list.length} skipped in ${r.step.name} (the reason is in the name):`);
    for (const test of list) console.log(`  - ${test}`);
  }
}

const started = Date.now();
const results = [];
for (const phase of phases) {
  const cpuBefore = childCpuMs();
  const phaseResults = await Promise.all(phase.map((step) => runStep(step, phase.length === 1)));
  const cpuAfter = childCpuMs();
  // Steps run together share one CPU figure: the phase's, shown on its first step.
  if (cpuBefore !== undefined && cpuAfter !== undefined && phaseResults[0].status !== 'skipped') {
    phaseResults[0].cpuMs = cpuAfter - cpuBefore;
    phaseResults[0].phaseCpu = phase.length > 1;
  }
  results.push(...phaseResults);
  const failed = phaseResults.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    printSummary(results, Date.now() - started);
    for (const r of failed) console.error(`\n✗ ${r.step.name} failed (exit ${r.code ?? 1})`);
    process.exit(failed[0].code || 1);
  }
}
printSummary(results, Date.now() - started);
fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\n✓ all checks passed in ${seconds(Date.now() - started)}`);
