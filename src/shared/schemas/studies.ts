import { z } from 'zod';
import { dateField, emptyAsUndefined, isAllowedText, notAllowedMessage, text } from './fields';
import { studyStatuses } from './options';

/** A study as the API describes it (wire name "test"). Money is a decimal string, e.g. "1500.00". */
export const studySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  payRate: z.string(),
  duration: z.number().int(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  tags: z.array(z.string()),
  company: z.string().nullable(),
  requirements: z.string().nullable(),
  status: z.enum(studyStatuses),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Study = z.infer<typeof studySchema>;

const MONEY = /^\d{1,6}(\.\d{1,2})?$/;

/** POST /api/tests (spec section 5 "Create test"). Money is taken as a number or a decimal string, kept exact. */
export const createStudySchema = z
  .object({
    title: text('Title', { max: 200, required: 'Title is required' }),
    description: text('Description', {
      max: 5000,
      kind: 'multiline',
      required: 'Description is required',
    }),
    payRate: z
      .union([z.number(), z.string().trim()], { error: 'Pay rate is required' })
      .transform((v) => (typeof v === 'number' ? String(v) : v))
      .refine(
        (v) => MONEY.test(v),
        'Pay rate must be between 0 and 999999.99 KES, with at most 2 decimals',
      ),
    duration: z.coerce
      .number({ error: 'Duration is required' })
      .int('Duration must be a whole number of hours')
      .min(1, 'Duration must be at least 1 hour')
      .max(1000, 'Duration must be at most 1000 hours'),
    maxParticipants: z.coerce
      .number({ error: 'Participants needed is required' })
      .int('Participants needed must be a whole number')
      .min(1, 'At least 1 participant is needed')
      .max(100000, 'At most 100000 participants')
      .default(10),
    startDate: dateField('Start date', 'Start date is required'),
    endDate: dateField('End date', 'End date is required'),
    company: emptyAsUndefined(text('Company', { max: 200, kind: 'plain' })),
    tags: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) =>
        (Array.isArray(v) ? v : (v ?? '').split(',')).map((t) => t.trim()).filter((t) => t !== ''),
      )
      // Checked as one field (the form types the tags in one box), so the message lands on `tags`.
      .pipe(
        z
          .array(z.string())
          .max(20, 'At most 20 tags')
          .refine(
            (tags) => tags.every((t) => t.length <= 40),
            'Each tag must be at most 40 characters',
          )
          .refine((tags) => tags.every((t) => isAllowedText(t, 'line')), {
            error: notAllowedMessage('Tags'),
          }),
      ),
    requirements: emptyAsUndefined(text('Requirements', { max: 5000, kind: 'multiline' })),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'End date cannot be before the start date',
  });
export type CreateStudyInput = z.input<typeof createStudySchema>;

export const studyStatusSchema = z.object({
  status: z.enum(studyStatuses, { error: 'Unknown status' }),
});
