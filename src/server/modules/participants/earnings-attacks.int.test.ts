import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { applicationSteps } from '../applications/applications.test-support';

/** GET /api/me/earnings lists the caller's own payments and nobody else's, ever. */
let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});
const { apply, move } = applicationSteps(
  () => t,
  () => boss,
);
const mine = (cookie: string, query = '') =>
  t.app.inject({ url: `/api/me/earnings${query}`, headers: { cookie } });

describe("a participant's payments", () => {
  it("lists only the caller's own payments, whatever the query asks; a deleted participant's payments appear to nobody", async () => {
    const study = await createStudy(t.database.db, { payRate: '100.00', duration: 1 });
    const [first, second, gone] = [
      await apply(study.id),
      await apply(study.id),
      await apply(study.id),
    ];
    for (const a of [first!, second!, gone!]) {
      await move(a.applicationId, { status: 'scheduled' });
      expect((await move(a.applicationId, { status: 'completed' })).statusCode).toBe(200);
    }
    const own = await t.database.db.select().from(payments).where(eq(payments.testId, study.id));
    const paymentOf = (id: string) => own.find((p) => p.participantId === id)!.id;

    const res = await mine(first!.cookie, `?participantId=${second!.id}&id=${second!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().payments.map((p: { id: string }) => p.id)).toEqual([paymentOf(first!.id)]);

    const goneId = paymentOf(gone!.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/participants/${gone!.id}`,
      headers: { cookie: gone!.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    // Kept for the accounts, detached from the person (decisions.md section 5).
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, goneId));
    expect(kept!.participantId).toBeNull();
    for (const who of [first!, second!]) {
      const ids = (await mine(who.cookie)).json().payments.map((p: { id: string }) => p.id);
      expect(ids).toEqual([paymentOf(who.id)]);
    }
    expect((await mine(gone!.cookie)).statusCode).toBe(401);
  });

  it('is for participants only: a visitor 401, an admin 403', async () => {
    expect((await t.app.inject({ url: '/api/me/earnings' })).statusCode).toBe(401);
    expect((await mine(boss.cookie)).statusCode).toBe(403);
  });
});
