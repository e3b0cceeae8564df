import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = { cookie: string; id: string; email: string };
const as = (who: Who | null) => (who ? { cookie: who.cookie } : {});
const participant = () => loginAs(t.app, t.database.db, 'participant');
const admin = () => loginAs(t.app, t.database.db, 'admin');

describe('applying to studies', () => {
  it('lets a participant apply once to an active study, as interested', async () => {
    const me = await participant();
    const study = await createStudy(t.database.db);
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: as(me),
        payload: { participantId: me.id, testId: study.id, screening: 'I use mobile money daily.' },
      });
    const first = await apply();
    expect(first.statusCode).toBe(201);
    expect(first.json().application).toMatchObject({
      status: 'interested',
      screening: 'I use mobile money daily.',
      test: { id: study.id, title: study.title },
    });
    const second = await apply();
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You have already applied to this test');
  });

  it('refuses a study that is not active (409), an unknown study (404), and applying for someone else (403)', async () => {
    const me = await participant();
    const paused = await createStudy(t.database.db, { status: 'paused' });
    const post = (payload: object, who: Who = me) =>
      t.app.inject({ method: 'POST', url: '/api/applications', headers: as(who), payload });
    expect((await post({ participantId: me.id, testId: paused.id })).statusCode).toBe(409);
    expect(
      (await post({ participantId: me.id, testId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    const other = await participant();
    const active = await createStudy(t.database.db);
    expect((await post({ participantId: other.id, testId: active.id })).statusCode).toBe(403);
    expect(
      (await post({ participantId: me.id, testId: active.id }, await admin())).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/applications',
          payload: { participantId: me.id, testId: active.id },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists a participant their own applications only; admins see all, by study', async () => {
    const me = await participant();
    const other = await participant();
    const study = await createStudy(t.database.db);
    for (const who of [me, other]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: as(who),
        payload: { participantId: who.id, testId: study.id },
      });
    }
    const mine = (await t.app.inject({ url: '/api/applications', headers: as(me) })).json()
      .applications;
    expect(mine.map((a: { participantId: string }) => a.participantId)).toEqual([me.id]);
    const all = (
      await t.app.inject({
        url: `/api/applications?testId=${study.id}`,
        headers: as(await admin()),
      })
    ).json().applications;
    expect(all).toHaveLength(2);
    expect((await t.app.inject({ url: '/api/applications' })).statusCode).toBe(401);
  });
});
