import { z } from 'zod';
import { applicationStatuses, studyStatuses } from './options';

/** POST /api/applications: the applicant applies for themself; `screening` answers the requirements. */
export const applySchema = z.object({
  participantId: z.uuid({ error: 'Not a valid id' }),
  testId: z.uuid({ error: 'Not a valid id' }),
  screening: z
    .string()
    .trim()
    .max(2000, 'Must be at most 2000 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ApplyInput = z.input<typeof applySchema>;

export const applicationSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  testId: z.string(),
  status: z.enum(applicationStatuses),
  screening: z.string().nullable(),
  feedback: z.string().nullable(),
  rating: z.number().int().nullable(),
  hoursWorked: z.string().nullable(),
  appliedAt: z.string(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
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

/** PUT /api/applications/{id}/status. `hoursWorked` (completion) defaults to the study's duration. */
export const applicationStatusSchema = z.object({
  status: z.enum(applicationStatuses, { error: 'Unknown status' }),
  hoursWorked: z.coerce
    .number({ error: 'Hours worked must be a number' })
    .min(0, 'Hours worked must be between 0 and 99.99')
    .max(99.99, 'Hours worked must be between 0 and 99.99')
    .optional(),
  feedback: z.string().trim().max(2000).optional(),
  rating: z.coerce.number().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5').optional(),
});
export type ApplicationStatusInput = z.input<typeof applicationStatusSchema>;
export type ApplicationStatusData = z.output<typeof applicationStatusSchema>;
