import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { onPostgres } from '../db';
import { createStudy, loginAs } from '../factories';
import { failOnceEverywhere } from '../faults/driver-fault';
import { loseEachStatement } from '../support/lose-each-statement';
import { CHAMA_QUESTION } from '../support/recruiting';
import {
  applications,
  invitations,
  mailOutbox,
  participants,
} from '../../src/server/db/schema/index';
import { normaliseCriteria, type Screener } from '../../src/shared/schemas/recruiting';
import { insertPeople } from '../../src/server/modules/recruiting/recruiting.test-support';
import { unsubscribeSignerFor } from '../../src/server/modules/recruiting/unsubscribe-token';

/**
 * Attack review of recruiting (decisions.md sections 4, 8 and 10; decisions 036 and 037),
 * beyond recruiting-input, recruiting-races and recruiting-db-lost: forged cursors on the
 * filtered lists, the planner-estimate path of the counts (cancelled counts, the database
 * lost mid-count, the count's statement_timeout never leaking to the pool), and requests
 * held mid-transaction while another one runs (PostgreSQL: PGlite runs one at a time).
 * Every hostile input gets a clear 4xx (503 for a lost database), never a 500.
 */
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://insightlab.example' } });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** The mail queued to these participants' addresses. */
function mailsTo(ids: string[]) {
  return t.database.db
    .select({ to: mailOutbox.toAddress })
    .from(mailOutbox)
    .innerJoin(participants, eq(participants.email, mailOutbox.toAddress))
    .where(inArray(participants.id, ids));
}

const asBoss = (url: string) => t.app.inject({ url, headers: { cookie: boss.cookie } });
const cursorOf = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
/** What PostgreSQL answers when a statement outlasts statement_timeout. */
const cancelled = () =>
  Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
    severity: 'ERROR',
  });
/** The exact counts of /matches and of the participants list (never their EXPLAIN). */
const isExactCount = (text: string) => /^\s*select count\(\*\)/i.test(text);
const isExplain = (text: string) => /^\s*explain/i.test(text);

// ---------------------------------------------------------------------------------------
// Driver hooks (PostgreSQL): a statement run by a transaction's checked-out client.
// ---------------------------------------------------------------------------------------

type Queryable = { query: (...args: unknown[]) => unknown };
type Pool = Queryable & { connect: (...args: unknown[]) => unknown };
const textOf = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? '');
const paramsOf = (args: unknown[]): unknown[] =>
  Array.isArray(args[1])
    ? (args[1] as unknown[])
    : ((args[0] as { values?: unknown[] } | undefined)?.values ?? []);

/**
 * Wraps the query of every client a transaction checks out of the pool (node-postgres) with
 * `wrap`; the pool's own one-statement queries (callback form) are left alone. Returns the undo.
 */
function wrapTransactionClients(
  wrap: (original: Queryable['query']) => Queryable['query'],
): () => void {
  const pool = (t.database.db as unknown as { $client: Pool }).$client;
  const connect = pool.connect;
  const wrapped = new Map<Queryable, Queryable['query']>();
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'function') return connect.apply(this, args);
    return (connect.call(this) as Promise<Queryable>).then((client) => {
      if (!wrapped.has(client)) {
        wrapped.set(client, client.query);
        client.query = wrap(client.query.bind(client));
      }
      return client;
    });
  };
  return () => {
    pool.connect = connect;
    for (const [client, query] of wrapped) client.query = query;
  };
}

/**
 * Holds a transaction right after its first statement that `matches` has answered, runs
 * `between` to its end (other requests, on other connections), then lets it go on.
 */
function holdAfter(
  matches: (text: string, params: unknown[]) => boolean,
  between: () => Promise<unknown>,
): { undo: () => void; fired: () => boolean } {
  let fired = false;
  const undo = wrapTransactionClients((original) => async (...args: unknown[]) => {
    const answer = await original(...args);
    if (!fired && matches(textOf(args[0]), paramsOf(args))) {
      fired = true;
      await between();
    }
    return answer;
  });
  return { undo, fired: () => fired };
}

// ---------------------------------------------------------------------------------------
// The database lost at each statement of a read (the loss helpers of recruiting-db-lost)
// ---------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------

describe('a forged keyset cursor on the filtered participants list', () => {
  const ID = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';

  it('a cursor that is not base64 of a time and an id, or with extra parts, is 400', async () => {
    for (const cursor of [
      'zzz',
      '%ED%A0%80',
      'A'.repeat(200),
      cursorOf('2025-01-01T00:00:00.000000Z', `${ID}|`),
      cursorOf('2025-01-01T00:00:00Z', ID),
      cursorOf('2025-13-01T00:00:00.000000Z', ID),
    ]) {
      const res = await asBoss(`/api/participants?county=Lamu&cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors).toHaveProperty('cursor');
    }
  });

  // Was a finding (medium), fixed: decodeMicroCursor (src/server/lib/keyset-cursor.ts) checked
  // the time with a regex and Date.parse, which rolls 2025-02-30 over to 2 March and takes the
  // year 0000; PostgreSQL refused both as timestamptz (22008) and the lists answered 500. The
  // decoder now wants the text back unchanged from the Date.
  it('a cursor of a day that does not exist (30 February, year 0) is 400, not 500', async () => {
    const person = await loginAs(t.app, t.database.db, 'participant');
    for (const at of [
      '2025-02-30T00:00:00.000000Z',
      '2025-04-31T12:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
    ]) {
      const list = await asBoss(`/api/participants?county=Lamu&cursor=${cursorOf(at, ID)}`);
      expect(list.statusCode, `participants ${at}: ${list.body}`).toBe(400);
      const own = await t.app.inject({
        url: `/api/me/payments?cursor=${cursorOf(at, ID)}`,
        headers: { cookie: person.cookie },
      });
      expect(own.statusCode, `me/payments ${at}: ${own.body}`).toBe(400);
    }
  });
});

describe('the estimate path of decision 037', () => {
  it('a cancelled exact count of /matches answers whole, non-negative estimates, invitable within total', async () => {
    await insertPeople(
      t.database.db,
      Array.from({ length: 30 }, (_, i) => ({
        county: 'Marsabit' as const,
        gender: 'man' as const,
        inviteOptIn: i % 2 === 0,
      })),
    );
    const study = await createStudy(t.database.db, {
      criteria: normaliseCriteria({ counties: ['Marsabit'], genders: ['man'] }),
    });
    const drafts = [
      undefined,
      '{}',
      '{"counties":["Marsabit"],"ageMin":100}',
      `{"excludeStudies":["${study.id}"],"excludeTags":["mobile"],"languages":["somali"]}`,
    ];
    for (const draft of drafts) {
      const undo = failOnceEverywhere(t.database, isExactCount, cancelled());
      let res: LightMyRequestResponse;
      try {
        res = await asBoss(
          `/api/tests/${study.id}/matches${draft ? `?criteria=${encodeURIComponent(draft)}` : ''}`,
        );
      } finally {
        undo();
      }
      expect(res.statusCode, res.body).toBe(200);
      const { total, invitable, estimated } = res.json() as Record<string, unknown>;
      expect(estimated).toBe(true);
      for (const n of [total, invitable]) {
        expect(Number.isInteger(n), String(n)).toBe(true);
        expect(n as number).toBeGreaterThanOrEqual(0);
      }
      expect(invitable as number).toBeLessThanOrEqual(total as number);
    }
  });

  // Was a finding (low), fixed: when the exact count gave way (statement_timeout, 57014) the
  // list answered the planner's estimate, which could be far below what the page itself shows
  // (60 match, the page shows 50 and a next cursor, "About 1 participant"). The rows already
  // read are now the floor (db/counting.ts totalBesidePage).
  it('an estimated total is never below the rows the page already shows', async () => {
    await insertPeople(
      t.database.db,
      Array.from({ length: 60 }, () => ({ county: 'Lamu' as const, gender: 'woman' as const })),
    );
    const undo = failOnceEverywhere(t.database, isExactCount, cancelled());
    let res: LightMyRequestResponse;
    try {
      res = await asBoss('/api/participants?county=Lamu&gender=woman&limit=50');
    } finally {
      undo();
    }
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      participants: unknown[];
      nextCursor: string | null;
      total: number;
      totalEstimated: boolean;
    };
    expect(body.totalEstimated).toBe(true);
    expect(body.participants).toHaveLength(50);
    expect(body.nextCursor).not.toBeNull();
    expect(body.total).toBeGreaterThan(50);
  });

  it('/matches losing the database at each statement (EXPLAIN, budget, count) answers 503, then 200', async () => {
    const study = await createStudy(t.database.db, {
      criteria: normaliseCriteria({ counties: ['Marsabit'] }),
    });
    for (const url of [
      `/api/tests/${study.id}/matches`,
      `/api/tests/${study.id}/matches?criteria=${encodeURIComponent('{"genders":["man"],"ageMin":18,"excludeTags":["mobile"]}')}`,
    ]) {
      const { last, losses } = await loseEachStatement(t.database, () => asBoss(url));
      // The study, the EXPLAIN, the budget, the count (BEGIN and COMMIT are not lost).
      expect(losses).toBeGreaterThanOrEqual(4);
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().estimated).toBe(false);
    }
  });

  it('/matches losing the database on the estimate path (count cancelled, then the EXPLAINs) answers 503', async () => {
    const study = await createStudy(t.database.db, {
      criteria: normaliseCriteria({ counties: ['Marsabit'] }),
    });
    const { last, losses } = await loseEachStatement(
      t.database,
      () => asBoss(`/api/tests/${study.id}/matches`),
      {
        which: isExplain,
        alsoFail: () => failOnceEverywhere(t.database, isExactCount, cancelled()),
      },
    );
    // The eligible's EXPLAIN, then the invitable's (the estimate's own).
    expect(losses).toBe(2);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().estimated).toBe(true);
  });

  it('the filtered participants list losing the database at each statement (page and count side by side) answers 503, then 200', async () => {
    await insertPeople(
      t.database.db,
      Array.from({ length: 8 }, (_, i) => ({
        county: 'Samburu' as const,
        gender: 'non_binary' as const,
        inviteOptIn: i < 6,
      })),
    );
    const { last, losses } = await loseEachStatement(t.database, () =>
      asBoss('/api/participants?county=Samburu&gender=non_binary&inviteOptIn=true&limit=5'),
    );
    expect(losses).toBeGreaterThanOrEqual(4);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ total: 6, totalEstimated: false });
  });

  // PGlite has no statement_timeout (decision 037); on PostgreSQL the budget is a
  // transaction-local setting, and pooled connections must not keep it.
  it.runIf(onPostgres)(
    'a real statement_timeout on ten counts at once: each answers an estimate, and no pooled connection keeps the 30 ms budget',
    async () => {
      const study = await createStudy(t.database.db, {
        criteria: normaliseCriteria({ counties: ['Marsabit'] }),
      });
      // Each exact count sleeps first: PostgreSQL itself cancels it at the budget.
      const undo = wrapTransactionClients((original) => (...args: unknown[]) => {
        const text = textOf(args[0]);
        if (!isExactCount(text)) return original(...args);
        const slow = text.replace(/^\s*select /i, 'select pg_sleep(2), ');
        return original(
          typeof args[0] === 'string' ? slow : { ...(args[0] as object), text: slow },
          ...args.slice(1),
        );
      });
      let answers: LightMyRequestResponse[];
      const started = Date.now();
      try {
        answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            i % 2 === 0
              ? asBoss(`/api/tests/${study.id}/matches`)
              : asBoss('/api/participants?county=Marsabit&limit=5'),
          ),
        );
      } finally {
        undo();
      }
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        const body = a.json() as { estimated?: boolean; totalEstimated?: boolean };
        expect(body.estimated ?? body.totalEstimated).toBe(true);
      }
      expect(Date.now() - started).toBeLessThan(2000);
      // Every connection of the pool at once: the pool's own timeout, and a statement longer
      // than the budget runs to its end.
      const settings = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.database.db.transaction(async (tx) => {
            await tx.execute(sql`SELECT pg_sleep(0.15)`);
            const shown = (await tx.execute(sql`SHOW statement_timeout`)) as unknown as {
              rows: { statement_timeout: string }[];
            };
            return shown.rows[0]!.statement_timeout;
          }),
        ),
      );
      expect(new Set(settings)).toEqual(new Set(['10s']));
    },
  );
});

describe('writes held mid-transaction while another request runs (PostgreSQL)', () => {
  const SCREENER: Screener = [CHAMA_QUESTION];
  const block = (id: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/participants/${id}/block`,
      headers: { cookie: boss.cookie },
      payload: { blocked: true, reason: 'Two accounts' },
    });

  // Was a finding (medium), fixed: applying read the applicant (eligibilitySubject) without
  // locking the row, so a block that committed between that read and the insert did not stop
  // the application (stored, 201, after the block). apply now reads the applicant FOR SHARE:
  // a block made meanwhile waits for the application to end, so the two are in one order.
  // PostgreSQL only: PGlite runs one transaction at a time, so nothing can be in flight.
  (onPostgres ? it : it.skip)(
    'a block made while an application is in flight waits for it (never a row stored after a committed block)',
    async () => {
      const study = await createStudy(t.database.db, { screener: SCREENER });
      const who = await loginAs(t.app, t.database.db, 'participant');
      let blocking: Promise<LightMyRequestResponse> | undefined;
      let blockWaited = false;
      const hold = holdAfter(
        (text, params) =>
          /^\s*select/i.test(text) &&
          /"blocked_at"/.test(text) &&
          /from "participants"/.test(text) &&
          params.includes(who.id),
        async () => {
          blocking = block(who.id);
          // The block must queue behind the application's lock on the person.
          for (let i = 0; i < 200 && !blockWaited; i++) {
            const waiting = (await t.database.db.execute(
              sql`SELECT count(*)::int AS n FROM pg_stat_activity
                   WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )) as unknown as { rows: { n: number }[] };
            blockWaited = waiting.rows[0]!.n > 0;
            if (!blockWaited) await new Promise((resolve) => setImmediate(resolve));
          }
        },
      );
      let applied: LightMyRequestResponse;
      try {
        applied = await t.app.inject({
          method: 'POST',
          url: '/api/applications',
          headers: { cookie: who.cookie },
          payload: { participantId: who.id, testId: study.id, answers: { chama: 'yes' } },
        });
      } finally {
        hold.undo();
      }
      expect(hold.fired()).toBe(true);
      expect(blockWaited).toBe(true);
      // The application came first, then the block: both stand, in that order.
      expect(applied.statusCode).toBe(201);
      expect((await blocking!).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ appliedAt: applications.appliedAt, blockedAt: participants.blockedAt })
        .from(applications)
        .innerJoin(participants, eq(participants.id, applications.participantId))
        .where(and(eq(applications.testId, study.id), eq(applications.participantId, who.id)));
      expect(row!.blockedAt!.getTime()).toBeGreaterThanOrEqual(row!.appliedAt.getTime());
    },
  );

  it.runIf(onPostgres)(
    'people who opt out, unsubscribe or are blocked while an invitation counts are not invited',
    async () => {
      const county = 'Wajir';
      const study = await createStudy(t.database.db, {
        criteria: normaliseCriteria({ counties: [county] }),
      });
      const ids = await insertPeople(
        t.database.db,
        Array.from({ length: 6 }, () => ({ county, inviteOptIn: true })),
      );
      const optingOut = await loginAs(t.app, t.database.db, 'participant');
      await t.database.db
        .update(participants)
        .set({ county, inviteOptIn: true })
        .where(eq(participants.id, optingOut.id));
      const signer = await unsubscribeSignerFor(t.database.db, t.config.publicUrl);
      const leaving = [ids[0]!, ids[1]!, optingOut.id];
      const between: LightMyRequestResponse[] = [];
      const hold = holdAfter(
        (text) => /count\(\*\) filter/i.test(text),
        async () => {
          between.push(
            await t.app.inject({
              method: 'POST',
              url: `/api/unsubscribe/${signer.sign(ids[0]!, 'invitations')}`,
            }),
            await block(ids[1]!),
            await t.app.inject({
              method: 'PUT',
              url: '/api/me/consent',
              headers: { cookie: optingOut.cookie },
              payload: { inviteOptIn: false },
            }),
          );
        },
      );
      let res: LightMyRequestResponse;
      try {
        res = await t.app.inject({
          method: 'POST',
          url: `/api/tests/${study.id}/invitations`,
          headers: { cookie: boss.cookie },
          payload: { limit: 100 },
        });
      } finally {
        hold.undo();
      }
      expect(hold.fired()).toBe(true);
      for (const b of between) expect(b.statusCode, b.body).toBe(200);
      expect(res.statusCode, res.body).toBe(200);
      const invited = await t.database.db
        .select({ id: invitations.participantId })
        .from(invitations)
        .where(eq(invitations.testId, study.id));
      expect(invited.map((r) => r.id).sort()).toEqual(ids.slice(2).sort());
      expect(res.json().invited).toBe(4);
      expect(await mailsTo(leaving)).toEqual([]);
    },
  );

  it('eight invitations at once over four studies sharing forty people: each person invited once, one mail each', async () => {
    const county = 'Mandera';
    const criteria = normaliseCriteria({ counties: [county] });
    const studies = await Promise.all(
      Array.from({ length: 4 }, () => createStudy(t.database.db, { criteria })),
    );
    const ids = await insertPeople(
      t.database.db,
      Array.from({ length: 40 }, () => ({ county, inviteOptIn: true })),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/tests/${studies[i % 4]!.id}/invitations`,
          headers: { cookie: boss.cookie },
          payload: { limit: 7 + i },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const rows = await t.database.db
      .select({ id: invitations.participantId })
      .from(invitations)
      .where(inArray(invitations.participantId, ids));
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const invited = answers.reduce((sum, a) => sum + (a.json() as { invited: number }).invited, 0);
    expect(invited).toBe(rows.length);
    // 7 + 8 + … + 14 = 84 places asked for: all forty are invited, each once.
    expect(rows.length).toBe(40);
    expect(await mailsTo(ids)).toHaveLength(40);
  });
});

describe('hostile bodies on the admin recruiting writes', () => {
  it('invitations and block: deep, huge, wrong-typed or NUL-bearing bodies are 4xx, nobody invited or blocked', async () => {
    const study = await createStudy(t.database.db, {
      criteria: normaliseCriteria({ counties: ['Turkana'] }),
    });
    const [person] = await insertPeople(t.database.db, [{ county: 'Turkana', inviteOptIn: true }]);
    let deep = '1';
    for (let i = 0; i < 40; i++) deep = `[${deep}]`;
    const raw = (method: 'POST' | 'PUT', url: string, payload: string) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: boss.cookie, 'content-type': 'application/json' },
        payload,
      });
    const invite = `/api/tests/${study.id}/invitations`;
    const blockUrl = `/api/participants/${person}/block`;
    const cases: [string, 'POST' | 'PUT', string, number[]][] = [
      [invite, 'POST', `{"limit":${deep}}`, [400]],
      [invite, 'POST', `{"limit":1,"pad":"${'x'.repeat(100_000)}"}`, [400, 413]],
      [invite, 'POST', '{"limit":1e400}', [400]],
      [invite, 'POST', '{"limit":"5"}', [400]],
      [invite, 'POST', '{"limit":5,"participantIds":["x"]}', [400]],
      [invite, 'POST', '{"limit":5,"__proto__":{"limit":1}}', [400]],
      [blockUrl, 'PUT', '{"blocked":true,"reason":"a\\u0000b"}', [400]],
      [blockUrl, 'PUT', '{"blocked":true,"reason":"a\\u202eb"}', [400]],
      [blockUrl, 'PUT', '{"blocked":"true"}', [400]],
      [blockUrl, 'PUT', `{"blocked":true,"reason":${deep}}`, [400]],
      [blockUrl, 'PUT', `{"blocked":true,"reason":"${'r'.repeat(501)}"}`, [400]],
    ];
    for (const [url, method, payload, expected] of cases) {
      const res = await raw(method, url, payload);
      expect(expected, `${payload.slice(0, 60)} -> ${res.statusCode} ${res.body}`).toContain(
        res.statusCode,
      );
    }
    const [row] = await t.database.db
      .select({ blockedAt: participants.blockedAt, lastInvitedAt: participants.lastInvitedAt })
      .from(participants)
      .where(eq(participants.id, person!));
    expect(row).toEqual({ blockedAt: null, lastInvitedAt: null });
  });
});
