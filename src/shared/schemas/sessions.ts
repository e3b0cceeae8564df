import { z } from 'zod';
import { isAllowedText, notAllowedMessage, say, text } from './fields';
import { attendanceValues, sessionModes, sessionStatuses, waitlistStatuses } from './options';

/**
 * Study sessions, booking, attendance and the waitlist (decisions.md section 9). Staff
 * forms speak English (the console); what a participant sends is only ids.
 */

export const SESSION_LIMITS = {
  durationMin: 1,
  durationMax: 1440,
  capacityMin: 1,
  capacityMax: 1000,
  location: 300,
  meetingUrl: 2000,
  seriesMax: 52,
  attendanceBatch: 1000,
} as const;

/** One sitting as everyone reads it: `booked` counts the seats held, `seatsLeft` those anyone may still take. */
export const sessionSchema = z.object({
  id: z.string(),
  testId: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  mode: z.enum(sessionModes),
  location: z.string().nullable(),
  meetingUrl: z.string().nullable(),
  capacity: z.number().int(),
  status: z.enum(sessionStatuses),
  booked: z.number().int(),
  /** Seats free now: capacity - booked - seats held for waitlist offers (never below 0). */
  seatsLeft: z.number().int(),
  createdAt: z.string(),
});
export type StudySession = z.infer<typeof sessionSchema>;

/** Every date the product takes lies in 1900-01-01 … 2100-12-31 (decisions.md section 8). */
const inProductYears = (v: string) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 1900 && year <= 2100;
};
const startsAtField = z.iso
  .datetime({
    offset: true,
    error: 'Enter the start as a date and time with its offset, e.g. 2026-12-01T14:00:00+03:00',
  })
  .refine(inProductYears, 'Enter a start between 1900 and 2100');
/**
 * A number, or a form's numeric text; `true`, `[]` or `null` would coerce to 1 or 0 and be
 * taken as seats or minutes, so anything else is refused as not a number.
 */
const numberOrText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' || typeof v === 'string' ? v : Number.NaN), schema);
const durationField = numberOrText(
  z.coerce
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be whole minutes')
    .min(SESSION_LIMITS.durationMin, 'Duration must be 1 to 1440 minutes')
    .max(SESSION_LIMITS.durationMax, 'Duration must be 1 to 1440 minutes'),
);
const capacityField = numberOrText(
  z.coerce
    .number({ error: 'Seats must be a number' })
    .int('Seats must be a whole number')
    .min(SESSION_LIMITS.capacityMin, 'Seats must be 1 to 1000')
    .max(SESSION_LIMITS.capacityMax, 'Seats must be 1 to 1000'),
);
const locationField = text('Location', { max: SESSION_LIMITS.location, kind: 'plain' });
const meetingUrlField = z
  .string({ error: 'Meeting link must be text' })
  // Before trimming, as every text field (decisions.md section 8): a control character at
  // either end is refused, not cut off; PostgreSQL refuses NUL outright (a 500 otherwise).
  .refine((v) => isAllowedText(v, 'plain'), { error: notAllowedMessage('Meeting link') })
  .trim()
  .max(SESSION_LIMITS.meetingUrl, 'Meeting link must be at most 2000 characters')
  .refine(isHttpsUrl, 'Meeting link must be an https:// address');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * An absolute https URL with a host, written out as `https://host`, without credentials
 * (they would be mailed and texted to every participant), and nothing a mail or calendar
 * could misread: no spaces, markup, control characters, invisible marks or lone surrogates.
 */
export function isHttpsUrl(value: string): boolean {
  if (/[\s<>"\\]/.test(value) || !isAllowedText(value, 'plain')) return false;
  if (LONE_SURROGATE.test(value)) return false;
  if (!/^https:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname.length > 0 &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

const sessionFields = z.object({
  startsAt: startsAtField,
  durationMinutes: durationField.optional(),
  mode: z.enum(sessionModes, { error: 'Choose in person or remote' }),
  location: locationField.optional(),
  meetingUrl: meetingUrlField.optional(),
  capacity: capacityField,
});

/** In person needs a place, remote an https link; the other one is dropped. */
function placeIssues(
  value: {
    mode?: string | undefined;
    location?: string | undefined;
    meetingUrl?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (value.mode === 'in_person' && !value.location)
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: 'Enter where the session takes place',
    });
  if (value.mode === 'remote' && !value.meetingUrl)
    ctx.addIssue({
      code: 'custom',
      path: ['meetingUrl'],
      message: 'Enter the https:// link participants join with',
    });
}

/** POST /api/tests/{id}/sessions. */
export const createSessionSchema = sessionFields.strict().superRefine(placeIssues);
export type CreateSessionInput = z.input<typeof createSessionSchema>;
export type CreateSessionData = z.output<typeof createSessionSchema>;

/** POST /api/tests/{id}/sessions/series: the same session repeated `count` times, every day or week. */
export const createSessionSeriesSchema = sessionFields
  .extend({
    repeat: z.enum(['daily', 'weekly'], { error: 'Repeat daily or weekly' }),
    count: z.coerce
      .number({ error: 'Number of sessions must be a number' })
      .int('Number of sessions must be a whole number')
      .min(2, `A series has 2 to ${SESSION_LIMITS.seriesMax} sessions`)
      .max(SESSION_LIMITS.seriesMax, `A series has 2 to ${SESSION_LIMITS.seriesMax} sessions`),
  })
  .strict()
  .superRefine(placeIssues);
export type CreateSessionSeriesInput = z.input<typeof createSessionSeriesSchema>;
export type CreateSessionSeriesData = z.output<typeof createSessionSeriesSchema>;

/** PUT /api/sessions/{id}: any of time, length, place, link and seats. */
export const updateSessionSchema = sessionFields
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((field) => field !== undefined), 'Nothing to update');
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;
export type UpdateSessionData = z.output<typeof updateSessionSchema>;

/** PUT /api/sessions/{id}/status: a session can only be cancelled. */
export const sessionStatusSchema = z
  .object({ status: z.literal('cancelled', { error: 'A session can only be cancelled' }) })
  .strict();

const applicationId = z.uuid({ error: say('invalidId') });

/** POST /api/applications/{id}/booking. */
export const bookingSchema = z.object({ sessionId: z.uuid({ error: say('invalidId') }) }).strict();
export type BookingInput = z.input<typeof bookingSchema>;

/** PUT /api/applications/{id}/attendance. */
export const attendanceSchema = z
  .object({
    attendance: z.enum(attendanceValues, { error: 'Attendance is attended, no_show or excused' }),
  })
  .strict();
export type AttendanceInput = z.input<typeof attendanceSchema>;

/** A list of bookings to mark: ids, at most a full session's worth. */
const markList = z
  .array(applicationId, { error: 'Give the bookings as a list of ids' })
  .max(
    SESSION_LIMITS.attendanceBatch,
    `Mark at most ${SESSION_LIMITS.attendanceBatch} bookings at a time`,
  );

/** PUT /api/sessions/{id}/attendance: each booking in at most one list. */
export const sessionAttendanceSchema = z
  .object({
    attended: markList.default([]),
    noShow: markList.default([]),
    excused: markList.default([]),
  })
  .strict()
  .refine(
    (v) => v.attended.length + v.noShow.length + v.excused.length > 0,
    'Mark at least one booking',
  )
  .refine((v) => {
    const all = [...v.attended, ...v.noShow, ...v.excused];
    return new Set(all).size === all.length;
  }, 'Each booking can be marked only once');
export type SessionAttendanceInput = z.input<typeof sessionAttendanceSchema>;

/** The booking as it rides on an application: the session, summarised. */
export const bookedSessionSchema = sessionSchema.pick({
  id: true,
  startsAt: true,
  durationMinutes: true,
  mode: true,
  location: true,
  meetingUrl: true,
  status: true,
});
export type BookedSession = z.infer<typeof bookedSessionSchema>;

/** A participant's place on a study's waitlist. `position` is 1 for the first in line. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  testId: z.string(),
  applicationId: z.string(),
  status: z.enum(waitlistStatuses),
  position: z.number().int().nullable(),
  offeredSessionId: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** Reliability (decisions.md section 9): null before the first completed or missed session. */
export const reliabilitySchema = z.object({
  completedCount: z.number().int(),
  noShowCount: z.number().int(),
  reliability: z.number().nullable(),
  /** At NO_SHOW_LIMIT no-shows in the window: the participant cannot book until reset. */
  bookingPaused: z.boolean(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;
