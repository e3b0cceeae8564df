import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createParticipant, createStudy, loginAs, signIn, TEST_PASSWORD } from '../factories';
import { CHAMA_QUESTION } from '../support/recruiting';
import {
  applications,
  consentRecords,
  invitations,
  participants,
  sessions,
} from '../../src/server/db/schema/index';
import { normaliseCriteria, type Screener } from '../../src/shared/schemas/recruiting';
import { unsubscribeSignerFor } from '../../src/server/modules/recruiting/unsubscribe-token';
import { insertPeople } from '../../src/server/modules/recruiting/recruiting.test-support';

/**
 * Attack (decisions.md section 10): requests that race each other on the same person or
 * study. Whatever order they land in, each answers a clear 2xx or 4xx, never a 500, and the
 * rules hold at the end: one application per study with the winner's answers, nobody blocked
 * keeps a session, nobody invited twice.
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

const SCREENER: Screener = [CHAMA_QUESTION];

const apply = (who: { cookie: string; id: string }, testId: string, answers: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: who.cookie },
    payload: { participantId: who.id, testId, answers },
  });
const block = (id: string, blocked = true) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/participants/${id}/block`,
    headers: { cookie: boss.cookie },
    payload: { blocked, reason: 'Two accounts' },
  });

type QueryFn = (...args: unknown[]) => Promise<unknown>;
/**
 * Runs `between` once, right after the first statement that `matches` (its text and
 * parameters) has answered and before its caller goes on: a request is held at that point
 * while another one runs to its end. Outside transactions only. Returns the undo.
 */
function afterStatement(
  matches: (text: string, params: unknown[]) => boolean,
  between: () => Promise<unknown>,
): () => void {
  const client = (t.database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  let fired = false;
  client.query = async function (this: unknown, ...args: unknown[]) {
    const text =
      typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown }).text ?? '');
    const params = Array.isArray(args[1])
      ? (args[1] as unknown[])
      : ((args[0] as { values?: unknown[] }).values ?? []);
    const answer = await original.apply(this, args);
    if (!fired && matches(text, params)) {
      fired = true;
      await between();
    }
    return answer;
  };
  return () => {
    client.query = original;
  };
}

describe('a participant blocked while they sign in', () => {
  // Finding (medium): fixed. Sign-in read the account (not blocked), spent the password
  // check's time, then wrote a session; a block committed in between found no session to
  // end, so the blocked person stayed signed in. The sign-in now reads the block again under
  // the row lock of the transaction that writes the session.
  it('gets no session: 403 account.blocked, and no session row exists', async () => {
    const { input, participant } = await createParticipant(t.app);
    let blocked: { statusCode: number } | undefined;
    const undo = afterStatement(
      (text, params) =>
        /^select/i.test(text) && /"participants"/.test(text) && params.includes(input.email),
      async () => {
        blocked = await block(participant.id);
      },
    );
    let res;
    try {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: input.email, password: TEST_PASSWORD },
      });
    } finally {
      undo();
    }
    expect(blocked?.statusCode).toBe(200);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/blocked/i);
    const left = await t.database.db
      .select({ id: sessions.idHash })
      .from(sessions)
      .where(eq(sessions.userId, participant.id));
    expect(left).toEqual([]);
  });

  it('a sign-in that wins the race is ended by the block that follows it', async () => {
    const { input, participant } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email, input.password);
    expect((await block(participant.id)).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/session', headers: { cookie } });
    expect(me.json().user).toBeNull();
  });
});

describe('two applications by one person to one study at once', () => {
  it('one is taken (201), the other is 409, and the stored answers are the taken one’s', async () => {
    const study = await createStudy(t.database.db, { screener: SCREENER });
    const who = await loginAs(t.app, t.database.db, 'participant');
    const [a, b] = await Promise.all([
      apply(who, study.id, { chama: 'yes' }),
      apply(who, study.id, { chama: 'no' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const won = a.statusCode === 201 ? a : b;
    const rows = await t.database.db
      .select({ status: applications.status, answers: applications.answers })
      .from(applications)
      .where(and(eq(applications.testId, study.id), eq(applications.participantId, who.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(won.json().application.status);
    expect(rows[0]!.answers).toEqual(won.json().application.answers);
  });
});

describe('a block while the person applies', () => {
  it('the application is 201 (before) or refused (after), never a 500, and the block holds', async () => {
    const study = await createStudy(t.database.db, { screener: SCREENER });
    const who = await loginAs(t.app, t.database.db, 'participant');
    const [applied, blocked] = await Promise.all([
      apply(who, study.id, { chama: 'yes' }),
      block(who.id),
    ]);
    expect(blocked.statusCode).toBe(200);
    expect([201, 401, 403]).toContain(applied.statusCode);
    const again = await apply(who, study.id, { chama: 'yes' });
    expect(again.statusCode).toBe(401);
  });
});

describe('invitations while people unsubscribe, and to two studies sharing them', () => {
  it('nobody is invited twice, every answer is 200, and every unsubscribe is kept', async () => {
    const county = 'Lamu';
    const criteria = normaliseCriteria({ counties: [county] });
    const [one, two] = await Promise.all([
      createStudy(t.database.db, { criteria }),
      createStudy(t.database.db, { criteria }),
    ]);
    const people = (
      await insertPeople(
        t.database.db,
        Array.from({ length: 12 }, () => ({ county, inviteOptIn: true })),
      )
    ).map((id) => ({ id }));
    const signer = await unsubscribeSignerFor(t.database.db, t.config.publicUrl);
    const invite = (testId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tests/${testId}/invitations`,
        headers: { cookie: boss.cookie },
        payload: { limit: 100 },
      });
    const leaving = people.slice(0, 4);
    const answers = await Promise.all([
      invite(one.id),
      invite(two.id),
      invite(one.id),
      ...leaving.map((p) =>
        t.app.inject({
          method: 'POST',
          url: `/api/unsubscribe/${signer.sign(p.id, 'invitations')}`,
        }),
      ),
      block(people[5]!.id),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const rows = await t.database.db
      .select({ testId: invitations.testId, participantId: invitations.participantId })
      .from(invitations);
    const ours = rows.filter((r) => r.testId === one.id || r.testId === two.id);
    // The cooldown: one invitation per person across the two studies.
    const perPerson = new Map<string, number>();
    for (const r of ours) perPerson.set(r.participantId, (perPerson.get(r.participantId) ?? 0) + 1);
    expect([...perPerson.values()].every((n) => n === 1)).toBe(true);
    const invited = [answers[0]!, answers[1]!, answers[2]!].reduce(
      (sum, a) => sum + (a.json() as { invited: number }).invited,
      0,
    );
    expect(invited).toBe(ours.length);
    for (const p of leaving) {
      const [row] = await t.database.db
        .select({ inviteOptIn: participants.inviteOptIn })
        .from(participants)
        .where(eq(participants.id, p.id));
      expect(row!.inviteOptIn).toBe(false);
      const records = await t.database.db
        .select({ value: consentRecords.value })
        .from(consentRecords)
        .where(eq(consentRecords.participantId, p.id));
      expect(records).toEqual([{ value: 'no' }]);
    }
  });
});
