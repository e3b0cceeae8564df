import { z } from 'zod';
import { dateField, emptyAsUndefined, isAllowedText, notAllowedMessage, say, text } from './fields';
import { studyStatuses } from './options';
import {
  criteriaSchema,
  screenerAnswerSchema,
  screenerSchema,
  storedCriteriaSchema,
} from './recruiting';

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
  /**
   * Admins only (GET /api/tests and /api/tests/{id} signed in as staff, and the answers of
   * the admin routes): the study's payments of any status; a study with payments cannot be
   * deleted (409), only cancelled.
   */
  paymentCount: z.number().int().optional(),
  /** Admins only: the sum of its completed payments, in KES, e.g. "3000.00". */
  paidOut: z.string().optional(),
  /** Admins only: the sum of its owed payments (pending, processing or failed), in KES. */
  owed: z.string().optional(),
  /** Admins only: who may apply (decisions.md section 10). */
  criteria: storedCriteriaSchema.optional(),
  /** The screener: whole for admins; without rule, min and max for everyone else. */
  screener: screenerAnswerSchema,
});
export type Study = z.infer<typeof studySchema>;

/**
 * GET /api/tests: signed in as a participant, the eligible active studies and how many
 * active ones are hidden, of which `hiddenForProfile` only for empty profile fields.
 */
export const studyListSchema = z.object({
  tests: z.array(studySchema),
  hiddenCount: z.number().int().optional(),
  hiddenForProfile: z.number().int().optional(),
});
export type StudyList = z.infer<typeof studyListSchema>;

const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
const PAY_RATE_REQUIRED = 'Pay rate is required';

/**
 * The fields a study is created with, each with its own rules; createStudySchema makes the
 * required ones required, updateStudySchema (PUT /api/tests/{id}) takes any of them.
 */
const payRateField = z
  // Every number as its text, Infinity too (JSON's 1e309): it is then out of range, not missing.
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: PAY_RATE_REQUIRED }),
  )
  .transform((v) => v.trim())
  // An empty box is a missing pay rate, not one out of range.
  .refine((v) => v !== '', { error: PAY_RATE_REQUIRED, abort: true })
  .refine(
    (v) => MONEY.test(v),
    'Pay rate must be between 0 and 999999.99 KES, with at most 2 decimals',
  );
/** Decimal digits as a box holds them ("5", " 12 ", "1.5"): no sign tricks, hex or exponent. */
const TYPED_NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;
/**
 * A whole number, sent as a number or typed in a box: an empty box is a missing value, not
 * 0; only decimal text is read as a number, so a list ([5]), true, "0x10" or "1e2" is refused
 * instead of read as 5, 1, 16 or 100.
 */
const wholeNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    return TYPED_NUMBER.test(v) ? Number(v) : v;
  }, schema);
const durationField = wholeNumber(
  z
    .number({ error: 'Duration is required' })
    .int('Duration must be a whole number of hours')
    .min(1, 'Duration must be at least 1 hour')
    .max(1000, 'Duration must be at most 1000 hours'),
);
const maxParticipantsField = wholeNumber(
  z
    .number({ error: 'Participants needed is required' })
    .int('Participants needed must be a whole number')
    .min(1, 'At least 1 participant is needed')
    .max(100000, 'At most 100000 participants'),
);
const titleField = text('Title', { max: 200, required: 'Title is required' });
const descriptionField = text('Description', {
  max: 5000,
  kind: 'multiline',
  required: 'Description is required',
});
const startDateField = dateField('Start date', 'Start date is required');
const endDateField = dateField('End date', 'End date is required');
const companyField = text('Company', { max: 200, kind: 'plain' });
const requirementsField = text('Requirements', { max: 5000, kind: 'multiline' });
/** Typed in one box, comma separated, or sent as a list: trimmed, empty entries dropped. */
const tagsField = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter((t) => t !== ''),
  )
  // Checked as one field (the form types the tags in one box), so the message lands on `tags`.
  .pipe(
    z
      .array(z.string())
      .max(20, 'At most 20 tags')
      .refine((tags) => tags.every((t) => t.length <= 40), 'Each tag must be at most 40 characters')
      .refine((tags) => tags.every((t) => isAllowedText(t, 'line')), {
        error: notAllowedMessage('Tags'),
      }),
  );

export const END_BEFORE_START = 'End date cannot be before the start date';

/** POST /api/tests (spec section 5 "Create test"). Money is taken as a number or a decimal string, kept exact. */
export const createStudySchema = z
  .object({
    title: titleField,
    description: descriptionField,
    payRate: payRateField,
    duration: durationField,
    maxParticipants: maxParticipantsField.default(10),
    startDate: startDateField,
    endDate: endDateField,
    company: emptyAsUndefined(companyField),
    tags: tagsField.optional().transform((v) => v ?? []),
    requirements: emptyAsUndefined(requirementsField),
    criteria: criteriaSchema.optional(),
    screener: screenerSchema.optional(),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ['endDate'], message: END_BEFORE_START });
export type CreateStudyInput = z.input<typeof createStudySchema>;

/** '' clears an optional text (null); left out, it stays as stored. */
const clearable = <T extends z.ZodType<string>>(field: T) =>
  field.optional().transform((v) => (v === undefined ? undefined : v || null));

/**
 * PUT /api/tests/{id} (decisions.md section 6): any of the creation fields, each with its
 * creation rule. The end date is checked here when both dates come, and by the server
 * against the stored start or end date when only one does. `company` or `requirements`
 * sent empty are removed; `tags` sent empty leaves none.
 */
export const updateStudySchema = z
  .object({
    title: titleField.optional(),
    description: descriptionField.optional(),
    payRate: payRateField.optional(),
    duration: durationField.optional(),
    maxParticipants: maxParticipantsField.optional(),
    startDate: startDateField.optional(),
    endDate: endDateField.optional(),
    company: clearable(companyField),
    tags: tagsField.optional(),
    requirements: clearable(requirementsField),
    /** Replaces the criteria whole ({} removes them). */
    criteria: criteriaSchema.optional(),
    /** Replaces the screener whole ([] removes it). */
    screener: screenerSchema.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: END_BEFORE_START,
  })
  // An edit naming no field it can change ({}, or only `status`, `id`…) is a mistake, not a
  // silent 200: the status has its own route.
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: say('nothingToUpdate'),
  });
export type UpdateStudyInput = z.input<typeof updateStudySchema>;
export type StudyChanges = z.output<typeof updateStudySchema>;

export const studyStatusSchema = z.object({
  status: z.enum(studyStatuses, { error: 'Unknown status' }),
});
