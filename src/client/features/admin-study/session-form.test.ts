import { describe, expect, it } from 'vitest';
import type { StudySession } from '@/shared/schemas/sessions';
import { newSessionValues, sessionChanges, sessionFormSchema, sessionValues } from './session-form';

const filled = {
  ...newSessionValues(2),
  date: '2026-12-03',
  time: '14:00',
  location: 'Ngong Road hub',
  capacity: '4',
};

const stored: StudySession = {
  id: 's1',
  testId: 't1',
  startsAt: '2026-12-03T11:00:00.000Z',
  durationMinutes: 120,
  mode: 'in_person',
  location: 'Ngong Road hub',
  meetingUrl: null,
  capacity: 4,
  status: 'open',
  booked: 1,
  seatsLeft: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the session form', () => {
  it('starts with the study’s length in minutes, capped at a day', () => {
    expect(newSessionValues(2).durationMinutes).toBe('120');
    expect(newSessionValues(30).durationMinutes).toBe('1440');
  });

  it('sends one session with the start in Nairobi time and only the place of its mode', () => {
    const out = sessionFormSchema.parse({ ...filled, meetingUrl: 'https://left.over' });
    expect(out.series).toBe(false);
    expect(out.body).toEqual({
      startsAt: '2026-12-03T14:00:00+03:00',
      durationMinutes: 120,
      mode: 'in_person',
      location: 'Ngong Road hub',
      capacity: 4,
    });
  });

  it('sends a series when repeated, checked by the server’s own schema', () => {
    const out = sessionFormSchema.parse({ ...filled, repeat: 'weekly', count: '3' });
    expect(out.series && out.body.repeat).toBe('weekly');
    expect(out.series && out.body.count).toBe(3);
    const tooMany = sessionFormSchema.safeParse({ ...filled, repeat: 'daily', count: '60' });
    expect(tooMany.error?.issues[0]).toMatchObject({ path: ['count'] });
  });

  it('puts each message under its field: no date, no place, no https link', () => {
    const issues = (values: object) =>
      sessionFormSchema.safeParse({ ...filled, ...values }).error?.issues.map((i) => i.path[0]);
    expect(issues({ date: '' })).toEqual(['date']);
    expect(issues({ location: '' })).toEqual(['location']);
    expect(issues({ mode: 'remote', meetingUrl: 'http://plain' })).toEqual(['meetingUrl']);
  });

  it('fills a stored session in Nairobi time, and sends back only what changed', () => {
    const values = sessionValues(stored);
    expect(values).toMatchObject({ date: '2026-12-03', time: '14:00', capacity: '4' });
    const same = sessionFormSchema.parse(values);
    expect(sessionChanges(stored, same.body)).toEqual({});
    const more = sessionFormSchema.parse({ ...values, capacity: '6' });
    expect(sessionChanges(stored, more.body)).toEqual({ capacity: 6 });
    const moved = sessionFormSchema.parse({ ...values, time: '15:30' });
    expect(sessionChanges(stored, moved.body)).toEqual({ startsAt: '2026-12-03T15:30:00+03:00' });
  });
});
