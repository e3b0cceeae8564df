import { z } from 'zod';
import {
  emailField,
  messages,
  newPasswordField,
  optionalChoice,
  optionalText,
  phoneField,
  requiredName,
} from './fields';
import { ageRanges, educationLevels } from './options';

const dateOfBirthField = z
  .string({ error: 'Please enter a valid date' })
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isPastIsoDate(v), 'Please enter a valid date');

function isPastIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    date.getTime() <= Date.now() &&
    date.getUTCFullYear() >= 1900
  );
}

/** POST /api/participants/register: the participant fields minus id and createdAt. */
export const participantRegistrationSchema = z.object({
  firstName: requiredName('First name', messages.firstNameRequired),
  lastName: requiredName('Last name', messages.lastNameRequired),
  email: emailField,
  phone: phoneField,
  password: newPasswordField(),
  location: optionalText(),
  age: optionalChoice(ageRanges.values),
  occupation: optionalText(),
  dateOfBirth: dateOfBirthField,
  education: optionalChoice(educationLevels.values),
});
export type ParticipantRegistrationInput = z.input<typeof participantRegistrationSchema>;

/** The registration form adds the terms checkbox, checked in the browser only. */
export const participantRegistrationFormSchema = participantRegistrationSchema.extend({
  terms: z.literal(true, { error: messages.terms }),
});
export type ParticipantRegistrationFormValues = z.input<typeof participantRegistrationFormSchema>;

/** A participant as the API describes it to its owner and to admins. */
export const participantSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  profilePhoto: z.string().nullable(),
  location: z.string().nullable(),
  age: z.string().nullable(),
  occupation: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  education: z.string().nullable(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;

/** PUT /api/participants/{id}/profile: every field optional; '' clears an optional field. */
export const participantProfileUpdateSchema = z
  .object({
    firstName: requiredName('First name', messages.firstNameRequired).optional(),
    lastName: requiredName('Last name', messages.lastNameRequired).optional(),
    email: emailField.optional(),
    phone: phoneField.optional(),
    location: z.string().trim().max(200).optional(),
    age: z
      .union([z.literal(''), z.enum(ageRanges.values), z.string().regex(/^\d{1,3}$/)], {
        error: 'Please choose one of the options',
      })
      .optional(),
    occupation: z.string().trim().max(200).optional(),
    dateOfBirth: z
      .union(
        [z.literal(''), z.string().trim().refine(isPastIsoDate, 'Please enter a valid date')],
        {
          error: 'Please enter a valid date',
        },
      )
      .optional(),
    education: z
      .union([z.literal(''), z.enum(educationLevels.values)], {
        error: 'Please choose one of the options',
      })
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type ParticipantProfileUpdateInput = z.input<typeof participantProfileUpdateSchema>;

/** The profile form of the dashboard (spec section 5 "Profile form"). */
export const accountProfileSchema = z.object({
  firstName: requiredName('First name', messages.firstNameRequired),
  lastName: requiredName('Last name', messages.lastNameRequired),
  email: emailField,
  phone: phoneField,
});
export type AccountProfileInput = z.input<typeof accountProfileSchema>;

export const earningsSchema = z.object({
  totalEarned: z.string(),
  totalPaid: z.string(),
  pendingPayments: z.string(),
  completedTests: z.number().int(),
  lastPaymentAt: z.string().nullable(),
  currency: z.literal('KES'),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const photoMessages = {
  type: 'Please upload a JPG or PNG image',
  size: 'Please upload an image smaller than 2MB',
} as const;
