import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { clientRequestInput, loginAs, researchRequestInput } from '../factories';
import {
  applicationTransitions,
  canMove,
  paymentTransitions,
  requestTransitions,
} from '../../src/shared/rules/transitions';
import {
  applicationStatuses,
  paymentStatuses,
  requestStatuses,
  studyStatuses,
} from '../../src/shared/schemas/options';

/**
 * decisions.md section 5, every (from, to) pair: a real record is driven into `from` through
 * the API, then asked to move to `to`. An allowed move answers 200 and stores the new status;
 * a refused one answers 409 with its message and changes nothing in the database. The cases
 * come from the code's table (src/shared/rules/transitions.ts), and that table is checked
 * against decisions.md's, written out here as the source of truth.
 */

/**
 * decisions.md section 5, as written there, with section 9's additions to the status route:
 * scheduled -> selected, and the final states withdrawn and no_show (reached only by the
 * withdraw and attendance routes, never by this one).
 */
const DECISIONS = {
  application: {
    interested: ['screening', 'selected', 'scheduled', 'declined', 'disqualified'],
    screening: ['selected', 'scheduled', 'declined', 'disqualified'],
    selected: ['scheduled', 'declined'],
    scheduled: ['completed', 'declined', 'selected'],
    completed: [],
    declined: [],
    disqualified: [],
    withdrawn: [],
    no_show: [],
  },
  payment: {
    pending: ['processing', 'failed'],
    processing: ['completed', 'failed'],
    failed: ['pending'],
    completed: ['refunded'],
    refunded: [],
  },
  // "Client request: …; research requests follow the same states."
  request: {
    new: ['contacted', 'in-progress'],
    contacted: ['in-progress'],
    'in-progress': ['closed'],
    closed: [],
  },
} satisfies Record<string, Record<string, string[]>>;

type Table = Record<string, readonly string[]>;
const sorted = (table: Table) =>
  Object.fromEntries(
    Object.entries(table)
      .map(([from, tos]) => [from, [...tos].sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
const pairs = <S extends string>(statuses: readonly S[]): [S, S][] =>
  statuses.flatMap((from) => statuses.map((to): [S, S] => [from, to]));
/** Every pair of `table`'s statuses, with the verdict in the test's name. */
const cases = <S extends string>(table: Record<S, readonly S[]>, statuses: readonly S[]) =>
  pairs(statuses).map(([from, to]): [S, S, string] => [
    from,
    to,
    canMove(table, from, to) ? 'allowed (200)' : 'refused (409)',
  ]);

/** The moves that lead from `start` to `target` in `table` (shortest), or throws. */
function pathTo(table: Table, start: string, target: string): string[] {
  const queue: string[][] = [[start]];
  const seen = new Set([start]);
  for (let path = queue.shift(); path; path = queue.shift()) {
    const last = path[path.length - 1]!;
    if (last === target) return path.slice(1);
    for (const next of table[last] ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
  }
  throw new Error(`${target} cannot be reached from ${start}`);
}

let t: TestApp;
let admin: { cookie: string };
let participant: { cookie: string; id: string };
const unique = () => Math.random().toString(36).slice(2, 10);

type Method = 'GET' | 'POST' | 'PUT';
async function call(method: Method, url: string, payload?: object, cookie = admin.cookie) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
}
async function ok(method: Method, url: string, payload?: object, cookie = admin.cookie) {
  const res = await call(method, url, payload, cookie);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** One row as JSON, straight from the database (nothing the API could hide). */
async function row(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const result = (await t.database.db.execute(
    sql`SELECT row_to_json(x) AS j FROM ${sql.identifier(table)} x WHERE x.id = ${id}`,
  )) as unknown as { rows: { j: Record<string, unknown> }[] };
  return result.rows[0]?.j;
}
async function rowsWhere(table: string, column: string, id: string) {
  const result = (await t.database.db.execute(
    sql`SELECT coalesce(json_agg(x ORDER BY x.id), '[]'::json) AS j FROM ${sql.identifier(table)} x WHERE ${sql.identifier(column)} = ${id}`,
  )) as unknown as { rows: { j: unknown }[] };
  return result.rows[0]?.j;
}
async function count(table: string): Promise<number> {
  const result = (await t.database.db.execute(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function activeStudy(): Promise<string> {
  const { test } = await ok('POST', '/api/tests', {
    title: `State machine ${unique()}`,
    description: 'Send money to a friend and tell us what you expected to see.',
    payRate: 1200,
    duration: 2,
    maxParticipants: 10,
    startDate: '2026-12-01',
    endDate: '2026-12-20',
    company: 'Duka Pay',
    tags: 'mobile',
  });
  await ok('PUT', `/api/tests/${test.id}/status`, { status: 'active' });
  return test.id;
}
async function newApplication(): Promise<{ id: string; testId: string }> {
  const testId = await activeStudy();
  const { application } = await ok(
    'POST',
    '/api/applications',
    { participantId: participant.id, testId },
    participant.cookie,
  );
  return { id: application.id, testId };
}
const moveApplication = (id: string, status: string) =>
  call('PUT', `/api/applications/${id}/status`, { status });
const paymentBody = (status: string) => ({
  status,
  // Completing needs the transaction reference; with it, the state machine alone decides.
  ...(status === 'completed' ? { transactionId: 'QKT4ABC123' } : {}),
});
const movePayment = (id: string, status: string) =>
  call('PUT', `/api/payments/${id}/status`, paymentBody(status));

/**
 * Brings an application to `from`: by the status route where it leads there; withdrawn by
 * the participant's withdraw route; no_show written in the database (the attendance route
 * needs a session that has started: src/server/modules/sessions tests drive it with a clock).
 */
async function driveApplication(id: string, from: string) {
  if (from === 'withdrawn') {
    await ok('POST', `/api/applications/${id}/withdraw`, undefined, participant.cookie);
  } else if (from === 'no_show') {
    await t.database.db.execute(
      sql`UPDATE applications SET status = 'no_show', attendance = 'no_show', attendance_at = now() WHERE id = ${id}`,
    );
  } else {
    await drive(pathTo(applicationTransitions, 'interested', from), (s) => moveApplication(id, s));
  }
}

async function drive(
  moves: string[],
  move: (status: string) => Promise<{ statusCode: number; body: string }>,
) {
  for (const status of moves) {
    const res = await move(status);
    if (res.statusCode !== 200)
      throw new Error(`driving to ${status}: ${res.statusCode} ${res.body}`);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, t.database.db, 'admin');
  participant = await loginAs(t.app, t.database.db, 'participant');
});
afterAll(async () => {
  await t?.close();
});

describe('the transition tables', () => {
  it("the code's tables are decisions.md section 5's, move for move", () => {
    expect(sorted(applicationTransitions)).toEqual(sorted(DECISIONS.application));
    expect(sorted(paymentTransitions)).toEqual(sorted(DECISIONS.payment));
    expect(sorted(requestTransitions)).toEqual(sorted(DECISIONS.request));
  });

  it('each table names every status of its kind, and only those', () => {
    expect(Object.keys(applicationTransitions).sort()).toEqual([...applicationStatuses].sort());
    expect(Object.keys(paymentTransitions).sort()).toEqual([...paymentStatuses].sort());
    expect(Object.keys(requestTransitions).sort()).toEqual([...requestStatuses].sort());
  });
});

describe('application: PUT /api/applications/{id}/status', () => {
  it.each(cases(applicationTransitions, applicationStatuses))(
    '%s -> %s is %s',
    async (from, to) => {
      const application = await newApplication();
      await driveApplication(application.id, from);
      const before = {
        application: await row('applications', application.id),
        study: await row('tests', application.testId),
        payments: await rowsWhere('payments', 'application_id', application.id),
        outbox: await count('mail_outbox'),
      };
      expect(before.application?.status).toBe(from);

      const res = await moveApplication(application.id, to);

      if (canMove(applicationTransitions, from, to)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().application.status).toBe(to);
        expect((await row('applications', application.id))?.status).toBe(to);
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ message: `An application cannot move from ${from} to ${to}` });
        expect({
          application: await row('applications', application.id),
          study: await row('tests', application.testId),
          payments: await rowsWhere('payments', 'application_id', application.id),
          outbox: await count('mail_outbox'),
        }).toEqual(before);
      }
    },
  );
});

describe('payment: PUT /api/payments/{id}/status', () => {
  /** A pending payment: the one completing an application creates (section 5). */
  async function pendingPayment(): Promise<{ id: string }> {
    const application = await newApplication();
    await drive(['scheduled', 'completed'], (s) => moveApplication(application.id, s));
    const { payments } = await ok('GET', `/api/payments?testId=${application.testId}`);
    const payment = (payments as { id: string; applicationId: string }[]).find(
      (p) => p.applicationId === application.id,
    );
    if (!payment) throw new Error('completing the application created no payment');
    return payment;
  }

  it.each(cases(paymentTransitions, paymentStatuses))('%s -> %s is %s', async (from, to) => {
    const payment = await pendingPayment();
    await drive(pathTo(paymentTransitions, 'pending', from), (s) => movePayment(payment.id, s));
    const before = {
      payment: await row('payments', payment.id),
      earnings: await rowsWhere('earnings', 'participant_id', participant.id),
      outbox: await count('mail_outbox'),
    };
    expect(before.payment?.status).toBe(from);

    const res = await movePayment(payment.id, to);

    if (canMove(paymentTransitions, from, to)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payment.status).toBe(to);
      expect((await row('payments', payment.id))?.status).toBe(to);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: `A payment cannot move from ${from} to ${to}` });
      expect({
        payment: await row('payments', payment.id),
        earnings: await rowsWhere('earnings', 'participant_id', participant.id),
        outbox: await count('mail_outbox'),
      }).toEqual(before);
    }
  });
});

const leads = [
  {
    kind: 'client request',
    route: '/api/client-requests',
    table: 'client_requests',
    answerKey: 'clientRequest',
    body: clientRequestInput,
  },
  {
    kind: 'research request',
    route: '/api/research-requests',
    table: 'research_requests',
    answerKey: 'researchRequest',
    body: researchRequestInput,
  },
] as const;

for (const lead of leads)
  describe(`${lead.kind}: PUT ${lead.route}/{id}/status`, () => {
    it.each(cases(requestTransitions, requestStatuses))('%s -> %s is %s', async (from, to) => {
      const created = (await ok('POST', lead.route, lead.body(), ''))[lead.answerKey] as {
        id: string;
      };
      const move = (status: string) =>
        call('PUT', `${lead.route}/${created.id}/status`, { status });
      await drive(pathTo(requestTransitions, 'new', from), move);
      const before = await row(lead.table, created.id);
      expect(before?.status).toBe(from);

      const res = await move(to);

      if (canMove(requestTransitions, from, to)) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()[lead.answerKey].status).toBe(to);
        expect((await row(lead.table, created.id))?.status).toBe(to);
      } else {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ message: `A request cannot move from ${from} to ${to}` });
        expect(await row(lead.table, created.id)).toEqual(before);
      }
    });
  });

describe('study: PUT /api/tests/{id}/status', () => {
  // Section 5: "Admins may set any status (the spec's selector)": no pair is refused.
  it.each(pairs(studyStatuses))('%s -> %s is allowed (200)', async (from, to) => {
    const { test } = await ok('POST', '/api/tests', {
      title: `Study states ${unique()}`,
      description: 'Compare two checkout flows on a feature phone.',
      payRate: 800,
      duration: 1,
      maxParticipants: 5,
      startDate: '2026-12-01',
      endDate: '2026-12-20',
      company: 'Duka Pay',
      tags: 'mobile',
    });
    if (from !== test.status) await ok('PUT', `/api/tests/${test.id}/status`, { status: from });
    expect((await row('tests', test.id))?.status).toBe(from);

    const res = await call('PUT', `/api/tests/${test.id}/status`, { status: to });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().test.status).toBe(to);
    expect((await row('tests', test.id))?.status).toBe(to);
  });
});
