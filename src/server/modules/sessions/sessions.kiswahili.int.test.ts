import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../test/factories';
import { at, sessionsWorld, type SessionsWorld } from './sessions.test-support';

/**
 * The sessions API attacked (issue 13 review): the participant's refusals of the booking
 * routes in Kiswahili, the other booking's day too. Each test is named for its rule.
 */
let w: SessionsWorld;
beforeAll(async () => {
  w = await sessionsWorld({ env: { RATE_LIMIT_WRITES_PER_MIN: '100000' } });
});
afterAll(async () => {
  await w.t.close();
});

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => w.t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('participant refusals in Kiswahili', () => {
  const sw = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    w.t.app.inject({
      method,
      url,
      headers: { cookie, 'accept-language': 'sw' },
      ...(payload ? { payload } : {}),
    });

  it("name the other booking's day in Kiswahili, and say each refusal in it", async () => {
    const one = await w.study();
    const two = await w.study();
    // Wednesday 9 January 2030, 09:00 EAT.
    const s1 = await w.session(one.id, { startsAt: at(48).toISOString(), durationMinutes: 120 });
    const s2 = await w.session(two.id, { startsAt: at(49).toISOString() });
    const a = await w.selected(one.id);
    expect((await w.book(a.cookie, a.applicationId, s1.id)).statusCode).toBe(200);
    const applied = await send('POST', '/api/applications', a.cookie, {
      participantId: a.id,
      testId: two.id,
    });
    const second = applied.json().application.id as string;
    await w.move(second, { status: 'selected' });
    const clash = await sw('POST', `/api/applications/${second}/booking`, a.cookie, {
      sessionId: s2.id,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/^Tayari una kipindi wakati huo \(.*Jumatano.*09:00\)/);
    expect(clash.json().message).not.toMatch(/Wed/);

    const b = await loginAs(w.t.app, w.db, 'participant');
    const answers = [
      await sw('POST', `/api/applications/${a.applicationId}/booking`, b.cookie, {
        sessionId: s1.id,
      }),
      await sw('GET', `/api/tests/${one.id}/sessions`, b.cookie),
      await sw('POST', `/api/tests/${one.id}/waitlist`, b.cookie),
      await sw('DELETE', `/api/tests/${one.id}/waitlist`, b.cookie),
      await sw('POST', `/api/applications/${a.applicationId}/booking`, a.cookie, {
        sessionId: s1.id,
      }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().message])).toEqual([
      [403, 'Ombi hili si lako'],
      [403, 'Utaona vipindi vya utafiti ukishachaguliwa kwa utafiti huo'],
      [409, 'Utaweza kujiunga na orodha ya kusubiri ukishachaguliwa kwa utafiti huu'],
      [404, 'Hauko kwenye orodha ya kusubiri ya utafiti huu'],
      [409, 'Tayari umepangwa katika kipindi hiki'],
    ]);
  });
});
