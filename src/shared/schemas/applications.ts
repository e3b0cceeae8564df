import { z } from 'zod';
import { emptyAsUndefined, say, text } from './fields';
import { optionalPageQuery, searchParam } from './paging';
import { applicationStatuses, studyStatuses, waitlistStatuses } from './options';
import { bookedSessionSchema, reliabilitySchema } from './sessions';
import { answerFilterParam, answersSchema, answersShapeSchema } from './recruiting';

/** POST /api/applications: the applicant applies for themself; `screening` answers the requirements. */
export const applySchema = z.object({
  participantId: z.uuid({ error: say('invalidId') }),
  testId: z.uuid({ error: say('invalidId') }),
  screening: emptyAsUndefined(text(say('label.screening'), { max: 2000, kind: 'multiline' })),
  /** The answers to the study's screener (decisions.md section 10), checked against it. */
  answers: answersShapeSchema.optional(),
});
export type ApplyInput = z.input<typeof applySchema>;

export const applicationSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  testId: z.string(),
  status: z.enum(applicationStatuses),
  screening: z.string().nullable(),
  /** The answers to the screener, when the study had one. */
  answers: answersSchema.nullable(),
  feedback: z.string().nullable(),
  rating: z.number().int().nullable(),
  hoursWorked: z.string().nullable(),
  appliedAt: z.string(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The session booked (decisions.md section 9), kept once attended or missed; null otherwise. */
  session: bookedSessionSchema.nullable(),
  /** What staff marked once the session started: attended (then it can be completed) or no_show. */
  attendance: z.enum(['attended', 'no_show']).nullable(),
  /** The applicant's place on the study's waitlist while waiting or offered a seat. */
  waitlist: z
    .object({
      status: z.enum(waitlistStatuses),
      position: z.number().int().nullable(),
      offeredSessionId: z.string().nullable(),
      offerExpiresAt: z.string().nullable(),
    })
    .nullable(),
  /** The study, summarised, so a list needs no second request. */
  test: z.object({
    id: z.string(),
    title: z.string(),
    payRate: z.string(),
    duration: z.number().int(),
    status: z.enum(studyStatuses),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    company: z.string().nullable(),
  }),
});
export type Application = z.infer<typeof applicationSchema>;

/** POST /api/applications answers 201 with the application; `message` when disqualified. */
export const applyAnswerSchema = z.object({
  application: applicationSchema,
  message: z.string().optional(),
});

/** PUT /api/applications/{id}/status. `hoursWorked` (completion) defaults to the study's duration. */
export const applicationStatusSchema = z.object({
  status: z.enum(applicationStatuses, { error: 'Unknown status' }),
  hoursWorked: z.coerce
    .number({ error: 'Hours worked must be a number' })
    .min(0, 'Hours worked must be between 0 and 99.99')
    .max(99.99, 'Hours worked must be between 0 and 99.99')
    .optional(),
  feedback: text('Feedback', { max: 2000, kind: 'multiline' }).optional(),
  rating: z.coerce.number().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5').optional(),
});
export type ApplicationStatusInput = z.input<typeof applicationStatusSchema>;
export type ApplicationStatusData = z.output<typeof applicationStatusSchema>;

/**
 * GET /api/applications as an admin sees it: each application also names the
 * person (null once they are gone) and the study's capacity. `scheduledCount`
 * counts scheduled applications; `currentParticipants` counts the places taken
 * (src/shared/rules/capacity.ts), those the server counts when it refuses a
 * schedule with 409 "Study is full".
 */
export const adminApplicationSchema = applicationSchema.extend({
  participant: z
    .object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      reliability: reliabilitySchema,
    })
    .nullable(),
  test: applicationSchema.shape.test.extend({
    maxParticipants: z.number().int(),
    scheduledCount: z.number().int(),
    currentParticipants: z.number().int(),
  }),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

/** Admin filters and paging of GET /api/applications (`limit` or `cursor` turns paging on). */
export const applicationListQuerySchema = optionalPageQuery.extend({
  status: z.enum(applicationStatuses, { error: say('unknownStatus') }).optional(),
  testId: z.uuid({ error: say('invalidId') }).optional(),
  search: searchParam,
  /** `questionId:optionId`: applicants who chose that option (decisions.md section 10). */
  answer: answerFilterParam,
});
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;

const HOURS_RANGE = 'Hours worked must be between 0 and 99.99';

/** The admin's "complete" form: the hours worked as typed (0 to 99.99, two decimals at most); send Number(hoursWorked). */
export const applicationCompletionSchema = z.object({
  hoursWorked: z
    .string()
    .trim()
    .min(1, 'Enter the hours worked')
    .superRefine((value, ctx) => {
      if (!/^-?\d*(\.\d*)?$/.test(value) || Number.isNaN(Number(value))) {
        ctx.addIssue({ code: 'custom', message: 'Hours worked must be a number' });
      } else if (Number(value) < 0 || Number(value) > 99.99) {
        ctx.addIssue({ code: 'custom', message: HOURS_RANGE });
      } else if (/\.\d{3,}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'Use at most 2 decimals, e.g. 1.75' });
      }
    }),
});
export type ApplicationCompletionInput = z.input<typeof applicationCompletionSchema>;
export type ApplicationCompletionData = z.output<typeof applicationCompletionSchema>;
