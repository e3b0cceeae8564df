import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studySessions } from '../../db/schema/index';
import { at, sessionsWorld, type SessionsWorld } from './sessions.test-support';

/**
 * The sessions API attacked (issue 13 review): hostile input on the session routes (the
 * meeting link, seats and minutes, start dates). Each test is named for its rule.
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

describe('a meeting link is an https address and nothing else', () => {
  it.each([
    ['a NUL byte inside', 'https://meet.example.com/a\u0000b'],
    ['a NUL byte in front', '\u0000https://meet.example.com/a'],
    ['a bell character', 'https://meet.example.com/a\u0007b'],
    ['a DEL character', 'https://meet.example.com/a\u007fb'],
    ['a right-to-left override', 'https://meet.example.com/\u202egnp.exe'],
  ])(
    'a link holding %s is 400 with the field message, never a 500, on create and edit',
    async (_name, link) => {
      const study = await w.study();
      const created = await w.createSession(study.id, { mode: 'remote', meetingUrl: link });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().errors.meetingUrl).toBe(
        'Meeting link contains characters that are not allowed',
      );
      const session = await w.session(study.id, {
        mode: 'remote',
        meetingUrl: 'https://meet.example.com/ok',
      });
      const edited = await send('PUT', `/api/sessions/${session.id}`, w.admin.cookie, {
        meetingUrl: link,
      });
      expect(edited.statusCode, edited.body).toBe(400);
      expect(edited.json().errors.meetingUrl).toBeTruthy();
      const rows = await w.db
        .select()
        .from(studySessions)
        .where(eq(studySessions.testId, study.id));
      expect(rows.map((r) => r.meetingUrl)).toEqual(['https://meet.example.com/ok']);
    },
  );

  it.each([
    ['a password (mailed to everyone booked)', 'https://:secret@meet.example.com/x'],
    ['a user and password', 'https://user:secret@meet.example.com/x'],
    ['no "//"', 'https:meet.example.com/x'],
    ['no host', 'https:///x'],
    ['a lone surrogate', 'https://meet.example.com/\ud800'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
  ])('a link with %s is 400', async (_name, link) => {
    const study = await w.study();
    const res = await w.createSession(study.id, { mode: 'remote', meetingUrl: link });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.meetingUrl).toBeTruthy();
  });

  it('takes an international domain name and a long but allowed link', async () => {
    const study = await w.study();
    for (const link of [
      'https://bücher.example/x',
      `https://meet.example.com/${'a'.repeat(1900)}`,
    ]) {
      const res = await w.createSession(study.id, { mode: 'remote', meetingUrl: link });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('seats and minutes are numbers', () => {
  it.each([
    ['true', { capacity: true }, 'capacity'],
    ['a list', { capacity: [2] }, 'capacity'],
    ['null', { capacity: null }, 'capacity'],
    ['an object', { capacity: { n: 2 } }, 'capacity'],
    ['true minutes', { durationMinutes: true }, 'durationMinutes'],
  ])('%s is 400 with the field message, not taken as 1 or 0', async (_name, payload, field) => {
    const study = await w.study();
    const res = await w.createSession(study.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toMatch(/must be a number/);
  });
});

describe('a session starts on a date the product takes (decisions.md section 8)', () => {
  it.each([['9999-12-31T10:00:00+03:00'], ['2101-01-01T10:00:00+03:00']])(
    'a study without an end date still refuses %s with 400',
    async (startsAt) => {
      const study = await w.study({ endDate: null });
      const res = await w.createSession(study.id, { startsAt });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.startsAt).toMatch(/1900 and 2100/);
      const session = await w.session(study.id);
      const moved = await send('PUT', `/api/sessions/${session.id}`, w.admin.cookie, { startsAt });
      expect(moved.statusCode, moved.body).toBe(400);
    },
  );

  it.each([
    ['+14:00', '2030-01-10T10:00:00+14:00', '2030-01-09T20:00:00.000Z'],
    ['-12:00', '2030-01-10T10:00:00-12:00', '2030-01-10T22:00:00.000Z'],
    ['+05:45', '2030-01-10T10:00:00+05:45', '2030-01-10T04:15:00.000Z'],
    ['fractional seconds', '2030-01-10T10:00:00.123456789+03:00', '2030-01-10T07:00:00.123Z'],
  ])('takes an odd offset (%s) as the instant it names', async (_name, startsAt, utc) => {
    const study = await w.study();
    const res = await w.createSession(study.id, { startsAt });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().session.startsAt).toBe(utc);
  });

  it.each([
    ['30 February', '2030-02-30T10:00:00+03:00'],
    ['an offset of 24 hours', '2030-01-10T10:00:00+24:00'],
    ['hour 24', '2030-01-10T24:00:00+03:00'],
    ['a number', 1893456000000],
    ['a list', ['2030-01-10T10:00:00Z']],
  ])('refuses %s as a start with the field message', async (_name, startsAt) => {
    const study = await w.study();
    const res = await w.createSession(study.id, { startsAt });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.startsAt).toMatch(/^Enter the start/);
  });

  it('a daily series of 52 that crosses the study end is refused whole, naming the first outside', async () => {
    const study = await w.study({ endDate: '2030-02-01' });
    const res = await send('POST', `/api/tests/${study.id}/sessions/series`, w.admin.cookie, {
      startsAt: at(48).toISOString(),
      mode: 'in_person',
      location: 'Room 4',
      capacity: 5,
      repeat: 'daily',
      count: 52,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.startsAt).toMatch(/^Session 25 \(2030-02-02\)/);
    const rows = await w.db.select().from(studySessions).where(eq(studySessions.testId, study.id));
    expect(rows).toEqual([]);
  });
});

describe('the attendance of a whole session', () => {
  it.each([
    [
      '1001 ids',
      { attended: Array.from({ length: 1001 }, () => crypto.randomUUID()) },
      'attended',
      'Mark at most 1000 bookings at a time',
    ],
    [
      'an object instead of a list',
      { noShow: { id: 1 } },
      'noShow',
      'Give the bookings as a list of ids',
    ],
    [
      'a string instead of a list',
      { excused: 'all' },
      'excused',
      'Give the bookings as a list of ids',
    ],
    ['an id that is not a uuid', { attended: ['1 OR 1=1'] }, 'attended.0', 'Not a valid id'],
  ])(
    'refuses %s with 400 and a message a person can act on',
    async (_name, payload, field, message) => {
      const study = await w.study();
      const session = await w.session(study.id);
      const res = await send(
        'PUT',
        `/api/sessions/${session.id}/attendance`,
        w.admin.cookie,
        payload,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    },
  );

  it('refuses a booking listed twice, in one list or two', async () => {
    const study = await w.study();
    const session = await w.session(study.id);
    const id = crypto.randomUUID();
    for (const payload of [{ attended: [id, id] }, { attended: [id], excused: [id] }]) {
      const res = await send(
        'PUT',
        `/api/sessions/${session.id}/attendance`,
        w.admin.cookie,
        payload,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Each booking can be marked only once');
    }
  });
});
