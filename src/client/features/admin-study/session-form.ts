import { z } from 'zod';
import { eatParts, eatStartsAt } from '@/client/lib/admin-session-time';
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

/** Where a shared-schema issue is shown in this form. */
const fieldOf = (path: PropertyKey | undefined) => (path === 'startsAt' ? 'date' : String(path));

/**
 * The form's check: the date and time first, then the very schema the server parses
 * (one session or a series), its messages under the fields they concern. Gives the body
 * to post, and whether it is a series.
 */
export const sessionFormSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date'),
    time: z.string().regex(/^\d{2}:\d{2}$/, 'Enter the start time'),
    durationMinutes: z.string(),
    mode: z.enum(sessionModes, { error: 'Choose in person or remote' }),
    location: z.string(),
    meetingUrl: z.string(),
    capacity: z.string(),
    repeat: z.enum(repeatChoices),
    count: z.string(),
  })
  .transform((values, ctx): SessionPayload => {
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
      for (const issue of error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: [fieldOf(issue.path[0])] });
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
