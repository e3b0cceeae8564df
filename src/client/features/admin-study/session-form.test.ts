import { describe, expect, it } from 'vitest';
import type { StudySession } from '@/shared/schemas/sessions';
import {
  newSessionValues,
  seriesOverrun,
  sessionChanges,
  sessionFormSchema,
  sessionValues,
} from './session-form';

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

  it('says every empty field at once, and the place in the form’s own word', () => {
    const empty = sessionFormSchema.safeParse(newSessionValues(1)).error?.issues;
    expect(empty?.map((i) => [i.path[0], i.message])).toEqual([
      ['date', 'Enter the date'],
      ['time', 'Enter the start time'],
      ['capacity', 'Enter the number of seats'],
      ['location', 'Enter where the session takes place'],
    ]);
    const remote = sessionFormSchema.safeParse({
      ...filled,
      mode: 'remote',
      repeat: 'weekly',
      count: ' ',
    }).error?.issues;
    expect(remote?.map((i) => i.path[0])).toEqual(['meetingUrl', 'count']);
    const long = sessionFormSchema.safeParse({ ...filled, location: 'x'.repeat(2000) });
    expect(long.error?.issues[0]?.message).toBe('Place must be at most 300 characters');
  });

  it('tells a series that runs past the study’s end how many fit', () => {
    const weekly = { date: '2026-11-30', repeat: 'weekly' as const, count: '4' };
    expect(seriesOverrun(weekly, '2026-12-06')).toBe(
      'The study ends on Sun, 6 Dec 2026, so only the first session fits. Choose “Does not repeat”, start earlier, or move the study’s end date (Edit, at the top of the page).',
    );
    expect(seriesOverrun(weekly, '2026-12-20')).toBe(
      'The study ends on Sun, 20 Dec 2026: from Mon, 30 Nov 2026, 3 weekly sessions fit, not 4. Enter 3 or fewer, start earlier, or move the study’s end date (Edit, at the top of the page).',
    );
    // The last one on the end date fits; no end date, no repeat or a first day outside: not said here.
    expect(seriesOverrun(weekly, '2026-12-21')).toBeNull();
    expect(seriesOverrun({ ...weekly, repeat: 'daily' }, '2026-12-03')).toBeNull();
    expect(seriesOverrun(weekly, null)).toBeNull();
    expect(seriesOverrun({ ...weekly, repeat: 'none' }, '2026-12-01')).toBeNull();
    expect(seriesOverrun(weekly, '2026-11-29')).toBeNull();
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
