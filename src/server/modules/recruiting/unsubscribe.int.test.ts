import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, participants } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant } from '../../../../test/factories';
import { unsubscribeSignerFor, type UnsubscribeSigner } from './unsubscribe-token';

let t: TestApp;
let signer: UnsubscribeSigner;
beforeAll(async () => {
  t = await buildTestApp();
  signer = await unsubscribeSignerFor(t.database.db, t.config.publicUrl);
});
afterAll(async () => {
  await t.close();
});

/** A participant who takes both kinds of mail. */
async function subscribed() {
  const { participant } = await createParticipant(t.app, { inviteOptIn: true });
  return participant.id;
}
const choices = async (id: string) =>
  (
    await t.database.db
      .select({ inviteOptIn: participants.inviteOptIn, studyMail: participants.studyMail })
      .from(participants)
      .where(eq(participants.id, id))
  )[0];
const unsubscribeRecords = (id: string) =>
  t.database.db
    .select({ kind: consentRecords.kind, value: consentRecords.value })
    .from(consentRecords)
    .where(and(eq(consentRecords.participantId, id), eq(consentRecords.source, 'unsubscribe')));

const post = (token: string, extra: { headers?: Record<string, string>; payload?: string } = {}) =>
  t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, ...extra });

describe('POST /api/unsubscribe/{token}', () => {
  it('turns invitations off for the token of invitations, signed out, and records it', async () => {
    const id = await subscribed();
    const res = await post(signer.sign(id, 'invitations'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/no longer be invited/);
    expect(await choices(id)).toEqual({ inviteOptIn: false, studyMail: true });
    expect(await unsubscribeRecords(id)).toEqual([{ kind: 'invitations', value: 'no' }]);
  });

  it('turns study mail off for the token of studies, and only that', async () => {
    const id = await subscribed();
    const res = await post(signer.sign(id, 'studies'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/new studies open/);
    expect(await choices(id)).toEqual({ inviteOptIn: true, studyMail: false });
    expect(await unsubscribeRecords(id)).toEqual([{ kind: 'study_mail', value: 'no' }]);
  });

  it('is idempotent: a second click answers the same and records nothing more', async () => {
    const id = await subscribed();
    const token = signer.sign(id, 'invitations');
    const first = await post(token);
    const second = await post(token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await unsubscribeRecords(id)).toHaveLength(1);
  });

  it('refuses a forged or altered token (400), changing nobody', async () => {
    const id = await subscribed();
    const genuine = signer.sign(id, 'invitations');
    const other = await subscribed();
    const [, , mac] = genuine.split('.');
    for (const token of [
      `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`, // one character of the MAC
      `${id}.studies.${mac}`, // another kind under the same MAC
      `${other}.invitations.${mac}`, // another person under the same MAC
      'not-a-token',
      `${id}.invitations`,
      `${genuine}.extra`,
      `${id}%00.invitations.${mac}`,
      'x'.repeat(199),
    ]) {
      const res = await post(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toMatch(/not valid/);
    }
    expect(await choices(id)).toEqual({ inviteOptIn: true, studyMail: true });
    expect(await choices(other)).toEqual({ inviteOptIn: true, studyMail: true });
  });

  it("changes only its own person: another person's token never touches anyone else", async () => {
    const mine = await subscribed();
    const theirs = await subscribed();
    await post(signer.sign(theirs, 'invitations'));
    expect(await choices(mine)).toEqual({ inviteOptIn: true, studyMail: true });
    expect((await choices(theirs))?.inviteOptIn).toBe(false);
  });

  it('takes the one-click body a mail client posts cross-site, as a form, multipart or JSON', async () => {
    const form = await subscribed();
    const res = await post(signer.sign(form, 'invitations'), {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await choices(form))?.inviteOptIn).toBe(false);

    const multipart = await subscribed();
    const boundary = 'xyzBOUNDARY';
    const res2 = await post(signer.sign(multipart, 'studies'), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res2.statusCode).toBe(200);
    expect((await choices(multipart))?.studyMail).toBe(false);

    const json = await subscribed();
    const res3 = await post(signer.sign(json, 'studies'), {
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res3.statusCode).toBe(200);
    const res4 = await post(signer.sign(json, 'invitations'), {
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res4.statusCode).toBe(200);
    expect(await choices(json)).toEqual({ inviteOptIn: false, studyMail: false });
  });

  it('still refuses other cross-site writes (the exemption is this route only)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers a genuine token of a person since deleted like any other (no existence leak)', async () => {
    const gone = await subscribed();
    const live = await subscribed();
    await t.database.db.delete(participants).where(eq(participants.id, gone));
    const deleted = await post(signer.sign(gone, 'invitations'));
    const existing = await post(signer.sign(live, 'invitations'));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(existing.json());
  });

  it('refuses a large body (413) and a GET (405), never 500', async () => {
    const id = await subscribed();
    const big = await post(signer.sign(id, 'invitations'), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `List-Unsubscribe=One-Click&x=${'a'.repeat(10_000)}`,
    });
    expect(big.statusCode).toBe(413);
    const get = await t.app.inject({ url: `/api/unsubscribe/${signer.sign(id, 'invitations')}` });
    expect(get.statusCode).toBe(405);
    expect((await choices(id))?.inviteOptIn).toBe(true);
  });
});
