import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, participants } from '../../db/schema/index';
import { ANNOUNCE_BATCH } from './settings.service';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, loginAs } from '../../../../test/factories';
import { paths } from '../../../shared/paths';
import { site } from '../../../shared/site';

let t: TestApp;
let boss: { cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ studiesOpen: false });
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: boss.cookie }, ...(payload ? { payload } : {}) });
const studiesOpenMails = () =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'studies-open'));

describe('settings', () => {
  it('tells anyone that studies are postponed by default', async () => {
    const res = await t.app.inject({ url: '/api/settings' });
    expect(res.json()).toEqual({ settings: { studiesOpen: false } });
  });

  it('lets admins open studies, mailing every participant once per opening', async () => {
    await createParticipant(t.app);
    await createParticipant(t.app);
    const participants = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM participants WHERE is_active`,
    )) as unknown as { rows: { n: number }[] };
    const active = participants.rows[0]?.n;
    const open = await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    expect(open.json()).toEqual({ settings: { studiesOpen: true }, announced: active });
    expect(await studiesOpenMails()).toHaveLength(active ?? -1);
    await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    expect(await studiesOpenMails()).toHaveLength(active ?? -1); // saving "open" again mails nobody
    expect((await t.app.inject({ url: '/api/settings' })).json()).toEqual({
      settings: { studiesOpen: true },
    });
    await admin('PUT', '/api/settings', { settings: { studiesOpen: false } });
    const p = await loginAs(t.app, t.database.db, 'participant');
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: p.cookie },
      payload: { settings: { studiesOpen: true } },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('writes the studies-open mail with the first name and the dashboard link, as text', async () => {
    const { input, participant } = await createParticipant(t.app, { firstName: 'Achieng' });
    await admin('PUT', '/api/settings', { settings: { studiesOpen: false } });
    await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    const [mail] = (await studiesOpenMails()).filter((m) => m.toAddress === input.email);
    expect(mail).toMatchObject({
      subject: `New research studies are open — ${site.name}`,
      textBody: [
        'Hello Achieng,',
        '',
        `New paid research studies are open. Sign in to see them and apply: ${t.app.config.publicUrl}${paths.participantDashboard}`,
        '',
        `— ${site.name}`,
        '',
        `Don't want emails when new studies open? Unsubscribe with one click: ${t.app.config.publicUrl}/unsubscribe?token=${participant.id}.studies.${mail!.textBody.split('.studies.')[1]}`,
      ].join('\n'),
      headers: {
        'List-Unsubscribe': `<${t.app.config.publicUrl}/api/unsubscribe/${participant.id}.studies.${mail!.textBody.split('.studies.')[1]}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  });

  it('mails only those who take study mail and are not blocked, each with their own working link', async () => {
    const keeps = await createParticipant(t.app, { firstName: 'Keeps' });
    const optedOut = await createParticipant(t.app, { firstName: 'OptedOut' });
    const blocked = await createParticipant(t.app, { firstName: 'Blocked' });
    await t.database.db
      .update(participants)
      .set({ studyMail: false })
      .where(eq(participants.id, optedOut.participant.id));
    await t.database.db
      .update(participants)
      .set({ blockedAt: new Date() })
      .where(eq(participants.id, blocked.participant.id));
    await admin('PUT', '/api/settings', { settings: { studiesOpen: false } });
    await t.database.db.delete(mailOutbox);
    const open = await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    const sentTo = (await studiesOpenMails()).map((m) => m.toAddress);
    expect(sentTo).toContain(keeps.input.email);
    expect(sentTo).not.toContain(optedOut.input.email);
    expect(sentTo).not.toContain(blocked.input.email);
    expect(open.json().announced).toBe(sentTo.length);

    // The header's link is the one-click POST: it turns that person's study mail off.
    const mail = (await studiesOpenMails()).find((m) => m.toAddress === keeps.input.email)!;
    const link = /^<(.+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ studyMail: participants.studyMail })
      .from(participants)
      .where(eq(participants.id, keeps.participant.id));
    expect(row?.studyMail).toBe(false);
  });

  it('queues the mail in batches: more participants than one batch all get it once', async () => {
    // ANNOUNCE_BATCH rows per statement; a few more than one batch cross a batch boundary.
    const extra = ANNOUNCE_BATCH + 5;
    await t.database.db.execute(sql`
      INSERT INTO participants (first_name, last_name, email, phone, password_hash)
      SELECT 'Bulk', 'Person', 'bulk' || g || '@example.com', '+2547' || lpad(g::text, 8, '0'), 'x'
      FROM generate_series(1, ${extra}) g`);
    await admin('PUT', '/api/settings', { settings: { studiesOpen: false } });
    await t.database.db.delete(mailOutbox);
    const open = await admin('PUT', '/api/settings', { settings: { studiesOpen: true } });
    const mails = await studiesOpenMails();
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(mails.length);
    expect(mails.filter((m) => m.toAddress.startsWith('bulk'))).toHaveLength(extra);
    expect(open.json().announced).toBe(mails.length);
  });
});
