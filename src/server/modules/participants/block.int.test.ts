import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs, signIn, TEST_PASSWORD } from '../../../../test/factories';

let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const block = (id: string, payload: object, cookie = boss.cookie) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/participants/${id}/block`,
    headers: { cookie },
    payload,
  });
const signInAs = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
const auditsOf = (id: string, action: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceId, id), eq(auditLogs.action, action)));

describe('PUT /api/participants/{id}/block', () => {
  it('blocks with a reason: sessions end, sign-in with the right password is 403, audited', async () => {
    const { input, participant } = await createParticipant(t.app);
    const { cookie } = await signIn(t.app, input.email);
    const res = await block(participant.id, { blocked: true, reason: 'Two accounts' });
    expect(res.statusCode).toBe(200);
    expect(res.json().participant).toMatchObject({
      id: participant.id,
      blocked: true,
      blockedReason: 'Two accounts',
      possibleDuplicates: [],
    });
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, participant.id)),
    ).toEqual([]);
    const me = await t.app.inject({
      url: `/api/participants/${participant.id}`,
      headers: { cookie },
    });
    expect(me.statusCode).toBe(401);

    const refused = await signInAs(input.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/blocked/);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // A wrong password is the usual 401: the 403 tells nothing to a guesser.
    expect((await signInAs(input.email, 'Wrong-Password-1!')).statusCode).toBe(401);

    const [audit] = await auditsOf(participant.id, 'participant.block');
    expect(audit).toMatchObject({ userId: boss.id, details: { reason: 'Two accounts' } });
  });

  it('unblocks: the reason goes, sign-in works again, audited', async () => {
    const { input, participant } = await createParticipant(t.app);
    await block(participant.id, { blocked: true });
    const res = await block(participant.id, { blocked: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().participant).toMatchObject({ blocked: false, blockedReason: null });
    expect((await signInAs(input.email)).statusCode).toBe(200);
    expect(await auditsOf(participant.id, 'participant.unblock')).toHaveLength(1);
  });

  it('shows blocked and the reason in the admin list and filters by it', async () => {
    const { participant } = await createParticipant(t.app, { lastName: 'Blockfilter' });
    await createParticipant(t.app, { lastName: 'Blockfilter' });
    await block(participant.id, { blocked: true, reason: 'Fraud' });
    const list = (url: string) =>
      t.app.inject({ url, headers: { cookie: boss.cookie } }).then((r) => r.json());
    const blocked = await list('/api/participants?search=blockfilter&blocked=true');
    expect(blocked.total).toBe(1);
    expect(blocked.participants[0]).toMatchObject({
      id: participant.id,
      blocked: true,
      blockedReason: 'Fraud',
    });
    const notBlocked = await list('/api/participants?search=blockfilter&blocked=false');
    expect(notBlocked.total).toBe(1);
    expect(notBlocked.participants[0].id).not.toBe(participant.id);
  });

  it('is for admins only: the participant themself is 403, a visitor 401, nothing changes', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect((await block(p.id, { blocked: false }, p.cookie)).statusCode).toBe(403);
    const other = await createParticipant(t.app);
    expect((await block(other.participant.id, { blocked: true }, p.cookie)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${other.participant.id}/block`,
      payload: { blocked: true },
    });
    expect(visitor.statusCode).toBe(401);
    const after = await t.app.inject({
      url: `/api/participants/${other.participant.id}`,
      headers: { cookie: boss.cookie },
    });
    expect(after.json().participant.blocked).toBe(false);
  });

  it('refuses a bad body (400) and an unknown participant (404)', async () => {
    const { participant } = await createParticipant(t.app);
    for (const payload of [
      {},
      { blocked: 'yes' },
      { blocked: true, reason: 'a\u0000b' },
      { blocked: true, reason: 'x'.repeat(501) },
      { blocked: true, other: 1 },
    ]) {
      expect((await block(participant.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await block('00000000-0000-4000-8000-000000000000', { blocked: true })).statusCode,
    ).toBe(404);
  });
});
