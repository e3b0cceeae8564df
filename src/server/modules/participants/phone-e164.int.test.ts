import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs, participantInput, signIn } from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const TAKEN = 'An account with this phone number already exists';
const randomLocal = () => `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const e164Of = (local: string) => `+254${local.slice(1)}`;
const spaced = (local: string) => `+254 ${local.slice(1, 4)} ${local.slice(4)}`;

describe("a participant's phone is stored in E.164 and unique in that form", () => {
  it('stores any Kenyan form as +2547… and refuses the same number in every other form (409)', async () => {
    const local = randomLocal();
    const first = await createParticipant(t.app, { phone: local });
    const { body } = await signIn(t.app, first.input.email);
    expect(body.user.phone).toBe(e164Of(local));

    for (const phone of [e164Of(local), local.slice(1).replace(/^/, '254'), spaced(local)]) {
      for (const url of ['/api/participants/register', '/api/auth/signup']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: participantInput({ phone }),
        });
        expect(res.statusCode, `${url} ${phone}`).toBe(409);
        expect(res.json()).toEqual({ message: TAKEN, errors: { phone: TAKEN } });
      }
    }
  });

  it("refuses a profile update to another participant's number written differently (409)", async () => {
    const local = randomLocal();
    await createParticipant(t.app, { phone: spaced(local) });
    const me = await loginAs(t.app, t.database.db, 'participant');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/profile',
      headers: { cookie: me.cookie },
      payload: { firstName: 'Amina', lastName: 'Otieno', email: me.email, phone: local },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ phone: TAKEN });
    const byId = await t.app.inject({
      method: 'PUT',
      url: `/api/participants/${me.id}/profile`,
      headers: { cookie: me.cookie },
      payload: { phone: `${local.slice(0, 4)}-${local.slice(4, 7)}-${local.slice(7)}` },
    });
    expect(byId.statusCode).toBe(409);
  });

  it('keeps their own number when sent back in another form', async () => {
    const local = randomLocal();
    const me = await createParticipant(t.app, { phone: local });
    const { cookie } = await signIn(t.app, me.input.email);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/participant/profile',
      headers: { cookie },
      payload: {
        firstName: 'Amina',
        lastName: 'Otieno',
        email: me.input.email,
        phone: spaced(local),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().participant.phone).toBe(e164Of(local));
  });

  it("answers the spec's phone message for a number it cannot read, and needs + for other countries", async () => {
    for (const phone of ['0711 464 91', '07911123456', 'call 0711464914']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/participants/register',
        payload: participantInput({ phone }),
      });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().errors.phone).toBe('Please enter a valid phone number');
    }
    const uk = await createParticipant(t.app, { phone: '+44 7911 123456' });
    const { body } = await signIn(t.app, uk.input.email);
    expect(body.user.phone).toBe('+447911123456');
  });
});

describe("admins' and lead forms' phones are normalised, not checked against participants", () => {
  it('stores a research request phone in E.164, even when a participant has it', async () => {
    const local = randomLocal();
    await createParticipant(t.app, { phone: local });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/research-requests',
      payload: {
        company: 'Acme',
        contactName: 'Wanjiru',
        email: 'lead@example.com',
        phone: spaced(local),
        description: 'A usability study',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().researchRequest.phone).toBe(e164Of(local));
  });

  it("lets a participant sign up with an admin's number", async () => {
    const local = randomLocal();
    const admin = await loginAs(t.app, t.database.db, 'admin');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/profile',
      headers: { cookie: admin.cookie },
      payload: { firstName: 'Ada', lastName: 'Admin', email: admin.email, phone: local },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().admin.phone).toBe(e164Of(local));
    await createParticipant(t.app, { phone: spaced(local) });
  });
});
