import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
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
    const { input } = await createParticipant(t.app, { firstName: 'Achieng' });
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
      ].join('\n'),
    });
  });
});
