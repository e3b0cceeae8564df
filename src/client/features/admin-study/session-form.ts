import { z } from 'zod';
import { eatParts, eatStartsAt, sessionWhen } from '@/client/lib/admin-session-time';
import { sessionModes } from '@/shared/schemas/options';
import {
  createSessionSchema,
  createSessionSeriesSchema,
  type CreateSessionData,
  type CreateSessionSeriesData,
  SESSION_LIMITS,
  type StudySession,
  type UpdateSessionData,
} from '@/shared/schemas/sessions';

export const repeatChoices = ['none', 'daily', 'weekly'] as const;

/** The dialog's fields as typed: a date and a time in Nairobi, numbers as text. */
export type SessionFormValues = {
  date: string;
  time: string;
  durationMinutes: string;
  mode: (typeof sessionModes)[number];
  location: string;
  meetingUrl: string;
  capacity: string;
  repeat: (typeof repeatChoices)[number];
  count: string;
};

/** The fields the server may name in a 400, for applyFieldErrors (`startsAt` shown under the date). */
export const sessionFormFields = [
  'date',
  'time',
  'durationMinutes',
  'location',
  'meetingUrl',
  'capacity',
  'count',
] as const;

/**
 * What the form gives on submit: its values (so react-hook-form's controls fit both sides)
 * and the body to post, one session or a series.
 */
export type SessionPayload = SessionFormValues &
  ({ series: false; body: CreateSessionData } | { series: true; body: CreateSessionSeriesData });

/** Where a shared-schema issue is shown in this form, in the form's words ("Place"). */
const fieldOf = (path: PropertyKey | undefined) => (path === 'startsAt' ? 'date' : String(path));
const formMessage = (field: string, message: string) =>
  field === 'location' ? message.replace(/^Location\b/, 'Place') : message;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** The fields left empty, each with its message: all said at once, not one round each. */
function missingFields(values: SessionFormValues): [keyof SessionFormValues, string][] {
  const missing: [keyof SessionFormValues, string][] = [];
  if (!DATE.test(values.date)) missing.push(['date', 'Enter the date']);
  if (!TIME.test(values.time)) missing.push(['time', 'Enter the start time']);
  if (values.capacity.trim() === '') missing.push(['capacity', 'Enter the number of seats']);
  if (values.mode === 'in_person' && values.location.trim() === '')
    missing.push(['location', 'Enter where the session takes place']);
  if (values.mode === 'remote' && values.meetingUrl.trim() === '')
    missing.push(['meetingUrl', 'Enter the https:// link participants join with']);
  if (values.repeat !== 'none' && values.count.trim() === '')
    missing.push(['count', 'Enter the number of sessions']);
  return missing;
}

/**
 * The form's check: every empty field first (all of them together), then the very schema
 * the server parses (one session or a series), its messages under the fields they concern.
 * Gives the body to post, and whether it is a series.
 */
export const sessionFormSchema = z
  .object({
    date: z.string(),
    time: z.string(),
    durationMinutes: z.string(),
    mode: z.enum(sessionModes, { error: 'Choose in person or remote' }),
    location: z.string(),
    meetingUrl: z.string(),
    capacity: z.string(),
    repeat: z.enum(repeatChoices),
    count: z.string(),
  })
  .transform((values, ctx): SessionPayload => {
    const missing = missingFields(values);
    if (missing.length > 0) {
      for (const [field, message] of missing)
        ctx.addIssue({ code: 'custom', message, path: [field] });
      return z.NEVER;
    }
    const single = {
      startsAt: eatStartsAt(values.date, values.time),
      durationMinutes: values.durationMinutes.trim() === '' ? undefined : values.durationMinutes,
      mode: values.mode,
      capacity: values.capacity,
      ...(values.mode === 'in_person'
        ? { location: values.location }
        : { meetingUrl: values.meetingUrl }),
    };
    const report = (error: z.ZodError) => {
      for (const issue of error.issues) {
        const field = fieldOf(issue.path[0]);
        ctx.addIssue({ code: 'custom', message: formMessage(field, issue.message), path: [field] });
      }
      return z.NEVER;
    };
    if (values.repeat === 'none') {
      const parsed = createSessionSchema.safeParse(single);
      return parsed.success
        ? { ...values, series: false, body: parsed.data }
        : report(parsed.error);
    }
    const parsed = createSessionSeriesSchema.safeParse({
      ...single,
      repeat: values.repeat,
      count: values.count,
    });
    return parsed.success ? { ...values, series: true, body: parsed.data } : report(parsed.error);
  });

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** "Sun, 6 Dec 2026" for a calendar date. */
const dayText = (date: string) => sessionWhen(eatStartsAt(date, '12:00'), 0).day;

/**
 * A daily or weekly series that runs past the study's last day, said before it is sent:
 * how many fit and what to do instead (the server names only the first session outside).
 * Null when the series fits, or when the server is better placed to say (no end date, a
 * first day already outside, a count it refuses anyway).
 */
export function seriesOverrun(
  values: Pick<SessionFormValues, 'date' | 'repeat' | 'count'>,
  endDate: string | null,
): string | null {
  if (values.repeat === 'none' || !endDate || !DATE.test(values.date) || !DATE.test(endDate))
    return null;
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 2 || count > SESSION_LIMITS.seriesMax) return null;
  const step = values.repeat === 'daily' ? 1 : 7;
  const room = dayNumber(endDate) - dayNumber(values.date);
  if (room < 0 || (count - 1) * step <= room) return null;
  const fits = Math.floor(room / step) + 1;
  const ends = `The study ends on ${dayText(endDate)}`;
  if (fits < 2)
    return `${ends}, so only the first session fits. Choose “Does not repeat”, start earlier, or move the study’s end date (Edit, at the top of the page).`;
  return `${ends}: from ${dayText(values.date)}, ${fits} ${values.repeat} sessions fit, not ${count}. Enter ${fits} or fewer, start earlier, or move the study’s end date (Edit, at the top of the page).`;
}

/** A new session's form: no day chosen yet, the study's length, in person. */
export function newSessionValues(studyDurationHours: number): SessionFormValues {
  return {
    date: '',
    time: '',
    durationMinutes: String(Math.min(studyDurationHours * 60, SESSION_LIMITS.durationMax)),
    mode: 'in_person',
    location: '',
    meetingUrl: '',
    capacity: '',
    repeat: 'none',
    count: '4',
  };
}

/** A stored session in the form: its Nairobi date and time, and what it holds now. */
export function sessionValues(session: StudySession): SessionFormValues {
  const { date, time } = eatParts(session.startsAt);
  return {
    date,
    time,
    durationMinutes: String(session.durationMinutes),
    mode: session.mode,
    location: session.location ?? '',
    meetingUrl: session.meetingUrl ?? '',
    capacity: String(session.capacity),
    repeat: 'none',
    count: '4',
  };
}

/** Only what changed, so a new number of seats does not tell everyone booked of a "new" time. */
export function sessionChanges(session: StudySession, body: CreateSessionData): UpdateSessionData {
  const changes: UpdateSessionData = {};
  if (Date.parse(body.startsAt) !== Date.parse(session.startsAt)) changes.startsAt = body.startsAt;
  if (body.durationMinutes !== undefined && body.durationMinutes !== session.durationMinutes)
    changes.durationMinutes = body.durationMinutes;
  if (body.mode !== session.mode) changes.mode = body.mode;
  if (body.mode === 'in_person' && body.location !== (session.location ?? undefined))
    changes.location = body.location;
  if (body.mode === 'remote' && body.meetingUrl !== (session.meetingUrl ?? undefined))
    changes.meetingUrl = body.meetingUrl;
  if (body.capacity !== session.capacity) changes.capacity = body.capacity;
  return changes;
}
