/**
 * The calendar file of a booking (decisions.md section 9): an RFC 5545 VCALENDAR with one
 * VEVENT, served by GET /api/applications/{id}/calendar.ics and attached to the booking,
 * change and cancellation mails as invite.ics.
 *
 * ical-generator writes it (escaping, folding at 75 octets, UTC times); it has no
 * dependencies. Pinned at 10.2.0, the last release that supports Node 20 (package.json
 * engines); 11 needs Node 22. Three things it gets wrong are corrected here, see below.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { site } from '../../../shared/site';

export type CalendarEvent = {
  /** Stable per application, e.g. `${applicationId}@${hostname}`: a change replaces the event. */
  uid: string;
  /** Raised on every change, so calendars take the newer copy. */
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  /** SUMMARY: the study title. */
  title: string;
  /** In person: LOCATION. */
  location: string | null;
  /** Remote: the URL property, and written in DESCRIPTION too (many calendars show only that). */
  meetingUrl: string | null;
  description: string;
  organizer?: { name: string; email: string };
  /** METHOD:CANCEL and STATUS:CANCELLED: the booking or the session was cancelled. */
  cancelled?: boolean;
  /** DTSTAMP: when the file was made (an injected clock). */
  now: Date;
};

/**
 * Control characters other than line breaks have no place in iCalendar TEXT (RFC 5545
 * 3.3.11); line breaks are escaped as \n by the library, so none can start a property.
 */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const text = (value: string) => value.replace(CONTROLS, '');

/**
 * The library escapes a URI like TEXT (a comma becomes "\,"), which no reader undoes for a
 * URI value; percent-encoding the three characters keeps the link working and the line
 * unbreakable. A URL parsed by WHATWG has no spaces or line breaks left.
 */
function uri(value: string): string {
  let href: string;
  try {
    href = new URL(value).href;
  } catch {
    href = encodeURI(text(value));
  }
  return href.replace(/[,;\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The library writes a quote inside the quoted CN parameter as \" (not RFC 6868's ^'),
 * which ends the parameter early in strict readers: a name needs no quotes.
 */
const parameter = (value: string) => text(value).replace(/["\r\n]/g, '');

/** A sender like MAIL_FROM ("InsightLab <no-reply@x>") gives its address alone. */
const address = (from: string) => parameter(/<([^<>]*)>/.exec(from)?.[1] ?? from).trim();

export function buildCalendar(event: CalendarEvent): string {
  const calendar = ical({
    prodId: { company: site.name, product: 'Study sessions', language: 'EN' },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const url = event.meetingUrl ? uri(event.meetingUrl) : null;
  const description = text(event.description);
  calendar.createEvent({
    id: text(event.uid).replace(/\s/g, ''),
    sequence: Math.max(0, Math.trunc(event.sequence)),
    stamp: event.now,
    start: event.startsAt,
    end: new Date(event.startsAt.getTime() + event.durationMinutes * 60_000),
    summary: text(event.title),
    location: event.location === null ? null : text(event.location),
    url,
    description:
      url && !description.includes(url) ? `${description}\n\n${url}`.trim() : description,
    organizer: event.organizer
      ? { name: parameter(event.organizer.name), email: address(event.organizer.email) }
      : null,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // RFC 5545 ends every content line with CRLF, the last one too; the library leaves it off.
  return `${calendar.toString()}\r\n`;
}
