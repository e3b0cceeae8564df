import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { eq } from 'drizzle-orm';
import { studies } from '../../db/schema/index';
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

  it('refuses a study that is not active or unknown (404), and applying for someone else (403)', async () => {
    const me = await participant();
    const paused = await createStudy(t.database.db, { status: 'paused' });
    const post = (payload: object, who: Who = me) =>
      t.app.inject({ method: 'POST', url: '/api/applications', headers: as(who), payload });
    const notActive = await post({ participantId: me.id, testId: paused.id });
    expect(notActive.statusCode).toBe(404);
    expect(notActive.json().message).toBe('This test is not accepting applications');
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

  it('refuses a full study (409 "Study is full") and takes no application', async () => {
    const me = await participant();
    const full = await createStudy(t.database.db, { maxParticipants: 2, currentParticipants: 2 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: as(me),
      payload: { participantId: me.id, testId: full.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Study is full');
    const mine = await t.app.inject({
      url: `/api/applications?testId=${full.id}`,
      headers: as(me),
    });
    expect(mine.json().applications).toEqual([]);
  });

  it('answers an application to a full study it already holds with "already applied" (the first refusal that applies)', async () => {
    const me = await participant();
    const study = await createStudy(t.database.db, { maxParticipants: 1 });
    const apply = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: as(me),
        payload: { participantId: me.id, testId: study.id },
      });
    expect((await apply()).statusCode).toBe(201);
    await t.database.db
      .update(studies)
      .set({ currentParticipants: 1 })
      .where(eq(studies.id, study.id));
    const again = await apply();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already applied to this test');
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

describe('applying while studies are postponed', () => {
  let closed: TestApp;
  beforeAll(async () => {
    closed = await buildTestApp({ studiesOpen: false });
  });
  afterAll(async () => {
    await closed.close();
  });

  const applyOn = (app: TestApp, who: Who, testId: string, language?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { ...as(who), ...(language ? { 'accept-language': language } : {}) },
      payload: { participantId: who.id, testId },
    });

  it("refuses with 409 and the postponed notice's words, in the participant's language, and takes nothing", async () => {
    const me = await loginAs(closed.app, closed.database.db, 'participant');
    const study = await createStudy(closed.database.db);
    const english = await applyOn(closed, me, study.id);
    expect(english.statusCode).toBe(409);
    expect(english.json().message).toBe(
      'Research studies are temporarily postponed. Registered testers will be notified when new studies open.',
    );
    const swahili = await applyOn(closed, me, study.id, 'sw');
    expect(swahili.statusCode).toBe(409);
    expect(swahili.json().message).toMatch(/^Tafiti zimeahirishwa kwa muda\./);
    const mine = await closed.app.inject({ url: '/api/applications', headers: as(me) });
    expect(mine.json().applications).toEqual([]);
  });

  it('answers an unknown or inactive study with 404 before the postponed refusal, and takes applications once studies open', async () => {
    const me = await loginAs(closed.app, closed.database.db, 'participant');
    const boss = await loginAs(closed.app, closed.database.db, 'admin');
    const paused = await createStudy(closed.database.db, { status: 'paused' });
    expect((await applyOn(closed, me, paused.id)).statusCode).toBe(404);
    const study = await createStudy(closed.database.db);
    expect((await applyOn(closed, me, study.id)).statusCode).toBe(409);
    const open = await closed.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: as(boss),
      payload: { settings: { studiesOpen: true } },
    });
    expect(open.statusCode).toBe(200);
    expect((await applyOn(closed, me, study.id)).statusCode).toBe(201);
    await closed.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: as(boss),
      payload: { settings: { studiesOpen: false } },
    });
  });
});
