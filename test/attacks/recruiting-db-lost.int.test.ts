import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { createStudy, loginAs, participantInput } from '../factories';
import { failOnceEverywhere, lostConnection } from '../faults/driver-fault';
import { atStatement, loseEachStatement } from '../support/lose-each-statement';
import {
  applications,
  auditLogs,
  consentRecords,
  invitations,
  mailOutbox,
  participants,
  sessions,
  smsOutbox,
} from '../../src/server/db/schema/index';
import { normaliseCriteria, type Screener } from '../../src/shared/schemas/recruiting';
import { insertPeople } from '../../src/server/modules/recruiting/recruiting.test-support';
import { unsubscribeSignerFor } from '../../src/server/modules/recruiting/unsubscribe-token';

/**
 * Attack (decisions.md section 10, faults): the database is lost at each statement of each
 * recruiting write in turn, the first, the second, and so on until the request gets through.
 * Each loss answers 503 and leaves nothing half-written (no invitation without its mail, no
 * mail without its invitation, no stamp without either; no application, consent change or
 * block without its record and audit); the request then succeeds whole.
 */
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp({
    env: { SMS_URL: 'africastalking://sandbox:key@', PUBLIC_URL: 'https://insightlab.example' },
  });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const auditsOf = (resourceId: string, action: string) =>
  t.database.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceId, resourceId), eq(auditLogs.action, action)));

describe('POST /api/tests/{id}/invitations losing the database', () => {
  it('invites everyone whole (rows, stamps, mails, SMS, audit) or nobody', async () => {
    const county = 'Isiolo';
    const study = await createStudy(t.database.db, {
      criteria: normaliseCriteria({ counties: [county] }),
    });
    const ids = await insertPeople(
      t.database.db,
      Array.from({ length: 5 }, () => ({ county, inviteOptIn: true })),
    );
    const people = await t.database.db
      .select({ email: participants.email, phone: participants.phone })
      .from(participants)
      .where(inArray(participants.id, ids));
    const state = async () => ({
      invitations: (
        await t.database.db
          .select({ id: invitations.participantId })
          .from(invitations)
          .where(eq(invitations.testId, study.id))
      ).length,
      stamped: (
        await t.database.db
          .select({ at: participants.lastInvitedAt })
          .from(participants)
          .where(inArray(participants.id, ids))
      ).filter((r) => r.at !== null).length,
      mails: (
        await t.database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            inArray(
              mailOutbox.toAddress,
              people.map((p) => p.email),
            ),
          )
      ).length,
      texts: (
        await t.database.db
          .select({ id: smsOutbox.id })
          .from(smsOutbox)
          .where(
            inArray(
              smsOutbox.toPhone,
              people.map((p) => p.phone),
            ),
          )
      ).length,
      audits: (await auditsOf(study.id, 'study.invite')).length,
    });
    const nothing = { invitations: 0, stamped: 0, mails: 0, texts: 0, audits: 0 };
    const { last, losses } = await loseEachStatement(
      t.database,
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/tests/${study.id}/invitations`,
          headers: { cookie: boss.cookie },
          payload: { limit: 100 },
        }),
      { untouched: async () => expect(await state()).toEqual(nothing) },
    );
    expect(losses).toBeGreaterThanOrEqual(5);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().invited).toBe(5);
    expect(await state()).toEqual({ invitations: 5, stamped: 5, mails: 5, texts: 5, audits: 1 });
  });
});

describe('POST /api/applications with answers losing the database', () => {
  it('stores the application, its answers and its audit whole, or nothing', async () => {
    const screener: Screener = [
      { id: 'story', text: 'Tell us about your chama', kind: 'text', required: true },
    ];
    const study = await createStudy(t.database.db, { screener });
    const who = await loginAs(t.app, t.database.db, 'participant');
    const rows = () =>
      t.database.db
        .select({ id: applications.id, answers: applications.answers })
        .from(applications)
        .where(and(eq(applications.testId, study.id), eq(applications.participantId, who.id)));
    const { last, losses } = await loseEachStatement(
      t.database,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/applications',
          headers: { cookie: who.cookie },
          payload: { participantId: who.id, testId: study.id, answers: { story: 'Tuko kumi' } },
        }),
      { untouched: async () => expect(await rows()).toEqual([]) },
    );
    expect(losses).toBeGreaterThanOrEqual(3);
    expect(last.statusCode, last.body).toBe(201);
    const [row] = await rows();
    expect(row!.answers).toEqual({ story: 'Tuko kumi' });
    expect(await auditsOf(row!.id, 'application.create')).toHaveLength(1);
  });
});

describe('PUT /api/me/consent losing the database', () => {
  it('changes the choice with its consent record and audit, or nothing', async () => {
    const who = await loginAs(t.app, t.database.db, 'participant');
    const state = async () => ({
      optIn: (
        await t.database.db
          .select({ v: participants.inviteOptIn })
          .from(participants)
          .where(eq(participants.id, who.id))
      )[0]!.v,
      records: (
        await t.database.db
          .select({ id: consentRecords.id })
          .from(consentRecords)
          .where(
            and(eq(consentRecords.participantId, who.id), eq(consentRecords.source, 'settings')),
          )
      ).length,
      audits: (await auditsOf(who.id, 'participant.consent')).length,
    });
    const { last } = await loseEachStatement(
      t.database,
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/consent',
          headers: { cookie: who.cookie },
          payload: { inviteOptIn: true, acceptCurrent: true },
        }),
      {
        untouched: async () =>
          expect(await state()).toEqual({ optIn: false, records: 0, audits: 0 }),
      },
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(await state()).toEqual({ optIn: true, records: 3, audits: 1 });
  });
});

describe('POST /api/unsubscribe/{token} losing the database', () => {
  it('turns the choice off with its record, or leaves it on; a click afterwards works', async () => {
    const [id] = await insertPeople(t.database.db, [{ inviteOptIn: true }]);
    const signer = await unsubscribeSignerFor(t.database.db, t.config.publicUrl);
    const state = async () => ({
      optIn: (
        await t.database.db
          .select({ v: participants.inviteOptIn })
          .from(participants)
          .where(eq(participants.id, id!))
      )[0]!.v,
      records: (
        await t.database.db
          .select({ id: consentRecords.id })
          .from(consentRecords)
          .where(eq(consentRecords.participantId, id!))
      ).length,
    });
    const { last } = await loseEachStatement(
      t.database,
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/unsubscribe/${signer.sign(id!, 'invitations')}`,
        }),
      { untouched: async () => expect(await state()).toEqual({ optIn: true, records: 0 }) },
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(await state()).toEqual({ optIn: false, records: 1 });
  });
});

describe('PUT /api/participants/{id}/block losing the database', () => {
  const blockSetup = async () => {
    const who = await loginAs(t.app, t.database.db, 'participant');
    const state = async () => ({
      blocked:
        (
          await t.database.db
            .select({ at: participants.blockedAt })
            .from(participants)
            .where(eq(participants.id, who.id))
        )[0]!.at !== null,
      sessions: (
        await t.database.db
          .select({ id: sessions.idHash })
          .from(sessions)
          .where(eq(sessions.userId, who.id))
      ).length,
      audits: (await auditsOf(who.id, 'participant.block')).length,
    });
    const request = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/participants/${who.id}/block`,
        headers: { cookie: boss.cookie },
        payload: { blocked: true, reason: 'Two accounts' },
      });
    return { state, request };
  };
  const NOTHING = { blocked: false, sessions: 1, audits: 0 };
  const WHOLE = { blocked: true, sessions: 0, audits: 1 };

  it('blocks and ends the sessions with the audit, or changes nothing: never half', async () => {
    for (let k = 1; ; k++) {
      const { state, request } = await blockSetup();
      const at = atStatement(t.database, k);
      const undo = failOnceEverywhere(t.database, at.matches, lostConnection());
      let res: LightMyRequestResponse;
      try {
        res = await request();
      } finally {
        undo();
      }
      const after = await state();
      if (!at.state.fired) {
        expect(res.statusCode, res.body).toBe(200);
        expect(after).toEqual(WHOLE);
        break;
      }
      expect(res.statusCode, `loss at statement ${k}`).toBe(503);
      expect([NOTHING, WHOLE]).toContainEqual(after);
      // A retry (the admin clicks again) ends blocked, whatever the 503 left.
      expect((await request()).statusCode).toBe(200);
      expect(await state()).toMatchObject({ blocked: true, sessions: 0 });
    }
  });

  // Finding (low), fixed: the answer's row (with its possible duplicates) was read after the
  // commit, so a loss there answered 503 for a block that was made; it is read in the
  // transaction now.
  it('a 503 means the block was not made', async () => {
    const { state, request } = await blockSetup();
    await loseEachStatement(t.database, request, {
      untouched: async () => expect(await state()).toEqual(NOTHING),
    });
  });
});

describe('POST /api/participants/register with consent losing the database', () => {
  it('creates the account with its consent records, or nothing', async () => {
    const input = participantInput({ inviteOptIn: true });
    const state = async () => {
      const [row] = await t.database.db
        .select({ id: participants.id })
        .from(participants)
        .where(eq(participants.email, String(input.email)));
      return row;
    };
    const { last } = await loseEachStatement(
      t.database,
      () => t.app.inject({ method: 'POST', url: '/api/participants/register', payload: input }),
      { untouched: async () => expect(await state()).toBeUndefined() },
    );
    expect(last.statusCode, last.body).toBe(201);
    const row = await state();
    const records = await t.database.db
      .select({ kind: consentRecords.kind, value: consentRecords.value })
      .from(consentRecords)
      .where(eq(consentRecords.participantId, row!.id));
    expect(records.map((r) => r.kind).sort()).toEqual(['invitations', 'privacy', 'terms']);
  });
});
