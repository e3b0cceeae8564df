import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { clientRequestInput, createStudy, loginAs } from '../../../../test/factories';

/** POST /api/notifications/read under odd bodies and racing reads: 4xx or a count, never less. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const read = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const unread = async (cookie: string): Promise<number> =>
  (await t.app.inject({ url: '/api/notifications', headers: { cookie } })).json().unreadCount;

/** A new application and a new inquiry: two unread events for every admin. */
async function twoEvents() {
  const p = await loginAs(t.app, t.database.db, 'participant');
  const study = await createStudy(t.database.db);
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { cookie: p.cookie },
    payload: { participantId: p.id, testId: study.id },
  });
  const inquiry = await t.app.inject({
    method: 'POST',
    url: '/api/client-requests',
    payload: clientRequestInput(),
  });
  return {
    applicationId: applied.json().application.id as string,
    inquiryId: inquiry.json().clientRequest.id as string,
  };
}

describe('marking notifications read', () => {
  it('refuses a body with fields it does not know (the old { upTo }, a misspelt event) with 400, and reads nothing', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const { applicationId } = await twoEvents();
    const before = await unread(admin.cookie);
    expect(before).toBeGreaterThanOrEqual(2);
    for (const body of [
      { upTo: new Date().toISOString() },
      { evnt: { kind: 'application', id: applicationId } },
      { event: { kind: 'application', id: applicationId }, all: true },
    ]) {
      const res = await read(admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(
        'Send { event: { kind, id } } to read one notification, or {} to read them all',
      );
    }
    expect(await unread(admin.cookie)).toBe(before);
  });

  it('answers 404 for the id of another kind of event (an application id as an inquiry) and reads nothing', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const { applicationId, inquiryId } = await twoEvents();
    const before = await unread(admin.cookie);
    expect(
      (await read(admin.cookie, { event: { kind: 'client-request', id: applicationId } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await read(admin.cookie, { event: { kind: 'application', id: inquiryId } })).statusCode,
    ).toBe(404);
    expect(await unread(admin.cookie)).toBe(before);
  });

  it('reading one event many times at once, and everything meanwhile, never counts below zero; another admin keeps theirs', async () => {
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const other = await loginAs(t.app, t.database.db, 'admin');
    const { applicationId } = await twoEvents();
    const othersBefore = await unread(other.cookie);
    const before = await unread(admin.cookie);
    const one = { event: { kind: 'application', id: applicationId } };
    const twice = await Promise.all([read(admin.cookie, one), read(admin.cookie, one)]);
    for (const res of twice) expect(res.statusCode).toBe(200);
    expect(await unread(admin.cookie)).toBe(before - 1);
    const mixed = await Promise.all(
      Array.from({ length: 6 }, (_, i) => read(admin.cookie, i % 2 ? {} : one)),
    );
    for (const res of mixed) {
      expect(res.statusCode).toBe(200);
      expect(res.json().unreadCount).toBeGreaterThanOrEqual(0);
    }
    expect(await unread(admin.cookie)).toBe(0);
    expect((await read(admin.cookie, one)).json().unreadCount).toBe(0);
    expect(await unread(other.cookie)).toBe(othersBefore);
  });
});
