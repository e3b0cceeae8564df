import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar, type CalendarEvent } from './calendar';

const base: CalendarEvent = {
  uid: '7b0c3f1e-0000-4000-8000-000000000001@insightlab.test',
  sequence: 0,
  // 01:30 EAT on 2 December is 22:30 UTC on 1 December.
  startsAt: new Date('2026-12-02T01:30:00+03:00'),
  durationMinutes: 90,
  title: 'Mobile money app study',
  location: 'InsightLab, 4th floor, Westlands',
  meetingUrl: null,
  description: 'Your InsightLab study session.',
  now: new Date('2026-11-26T08:00:00Z'),
};

/** Parses with a real reader (Mozilla's ical.js) and returns the calendar and its one event. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: events[0]! };
}

const value = (component: ICAL.Component, name: string) => component.getFirstPropertyValue(name);
const utc = (component: ICAL.Component, name: string) => {
  const time = value(component, name) as ICAL.Time;
  expect(time.zone?.tzid).toBe('UTC');
  return time.toJSDate().toISOString();
};

describe('buildCalendar', () => {
  it('writes one VEVENT with its UID, SEQUENCE, SUMMARY, LOCATION and UTC times', () => {
    const ics = buildCalendar({ ...base, sequence: 3 });
    const { calendar, event } = parse(ics);

    expect(value(calendar, 'method')).toBe('REQUEST');
    expect(value(calendar, 'prodid')).toMatch(/InsightLab/);
    expect(value(calendar, 'version')).toBe('2.0');
    expect(value(event, 'uid')).toBe(base.uid);
    expect(value(event, 'sequence')).toBe(3);
    expect(value(event, 'summary')).toBe('Mobile money app study');
    expect(value(event, 'location')).toBe('InsightLab, 4th floor, Westlands');
    expect(value(event, 'url')).toBeNull();
    expect(value(event, 'status')).toBe('CONFIRMED');
    expect(utc(event, 'dtstart')).toBe('2026-12-01T22:30:00.000Z');
    expect(utc(event, 'dtend')).toBe('2026-12-02T00:00:00.000Z');
    expect(utc(event, 'dtstamp')).toBe('2026-11-26T08:00:00.000Z');
    // UTC as the ...Z form, not a floating or zoned local time.
    expect(ics).toContain('\r\nDTSTART:20261201T223000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20261202T000000Z\r\n');
  });

  it('uses CRLF line endings throughout, the last line too', () => {
    const ics = buildCalendar(base);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('gives a remote session its link as URL and in the description, and no LOCATION', () => {
    const meetingUrl = 'https://meet.example.com/abc-defg-hij?pwd=x,y;z';
    const { event } = parse(buildCalendar({ ...base, location: null, meetingUrl }));
    expect(value(event, 'location')).toBeNull();
    const url = value(event, 'url') as string;
    // The comma and semicolon are percent-encoded: a URI value has no TEXT escapes to undo.
    expect(url).toBe('https://meet.example.com/abc-defg-hij?pwd=x%2Cy%3Bz');
    expect(value(event, 'description')).toContain(url);
    expect(value(event, 'description')).toContain('Your InsightLab study session.');
  });

  it('a cancelled booking is METHOD:CANCEL with STATUS:CANCELLED and the same UID', () => {
    const ics = buildCalendar({ ...base, sequence: 4, cancelled: true });
    const { calendar, event } = parse(ics);
    expect(value(calendar, 'method')).toBe('CANCEL');
    expect(value(event, 'status')).toBe('CANCELLED');
    expect(value(event, 'uid')).toBe(base.uid);
    expect(value(event, 'sequence')).toBe(4);
  });

  it('names the organizer when given', () => {
    const { event } = parse(
      buildCalendar({
        ...base,
        organizer: { name: 'InsightLab "Research"', email: 'team@insightlab.test' },
      }),
    );
    const organizer = event.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:team@insightlab.test');
    expect(organizer.getParameter('cn')).toBe('InsightLab Research');
  });

  it('takes the address alone from a sender written with a name (MAIL_FROM)', () => {
    const { event } = parse(
      buildCalendar({
        ...base,
        organizer: { name: 'InsightLab', email: 'InsightLab <no-reply@insightlab.test>' },
      }),
    );
    expect(event.getFirstPropertyValue('organizer')).toBe('mailto:no-reply@insightlab.test');
  });

  it('round-trips commas, semicolons, backslashes, newlines, Kiswahili and emoji', () => {
    const title = 'Utafiti wa simu: "Pesa", malipo; na\\au hifadhi\nsiku ya pili ✨🇰🇪 — ñ';
    const location = 'Jengo la Mwanzo, ghorofa ya 2; chumba 4\nNairobi';
    const description = 'Karibu!\nLeta kitambulisho; usichelewe, tafadhali.';
    const { event } = parse(buildCalendar({ ...base, title, location, description }));
    expect(value(event, 'summary')).toBe(title);
    expect(value(event, 'location')).toBe(location);
    expect(value(event, 'description')).toBe(description);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const title = `${'Utafiti '.repeat(20)}${'😀'.repeat(30)}${'ü'.repeat(50)}`;
    const ics = buildCalendar({ ...base, title });
    const lines = ics.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(3);
    // Every folded piece is valid UTF-8 on its own: no character cut between two lines.
    for (const line of lines) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    expect(value(parse(ics).event, 'summary')).toBe(title);
  });

  it('a title with CRLF cannot add a property or a component', () => {
    const hostile = 'X\r\nATTENDEE:mailto:evil@example.com\r\nEND:VEVENT\r\nBEGIN:VEVENT\rUID:y';
    const ics = buildCalendar({
      ...base,
      title: hostile,
      location: 'Room\r\nURL:https://evil.example',
      description: 'a\nORGANIZER:mailto:evil@example.com',
      uid: 'app@host\r\nATTENDEE:x',
    });
    const { event } = parse(ics);
    expect(event.getAllProperties('attendee')).toHaveLength(0);
    expect(event.getAllProperties('organizer')).toHaveLength(0);
    expect(value(event, 'url')).toBeNull();
    expect(value(event, 'summary')).toBe(
      'X\nATTENDEE:mailto:evil@example.com\nEND:VEVENT\nBEGIN:VEVENT\nUID:y',
    );
    expect(value(event, 'uid')).toBe('app@hostATTENDEE:x');
    const starts = ics.split('\r\n').map((line) => line.split(':')[0]);
    expect(starts).not.toContain('ATTENDEE');
    expect(starts.filter((s) => s === 'BEGIN')).toHaveLength(2);
  });

  it('drops other control characters from text', () => {
    const { event } = parse(buildCalendar({ ...base, title: 'A\u0000B\u001bC\u007fD\tE' }));
    expect(value(event, 'summary')).toBe('ABCD\tE');
  });
});
