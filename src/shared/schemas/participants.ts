import { z } from 'zod';
import { reliabilitySchema } from './sessions';
import { languages } from '../i18n/languages';
import { tr } from '../i18n/runtime';
import {
  emailField,
  emptyAsUndefined,
  hasNoControl,
  isAllowedText,
  isIsoDateInRange,
  languageField,
  LIMITS,
  messages,
  newPasswordField,
  notAllowedMessage,
  optionalChoice,
  say,
  phoneField,
  requiredName,
  text,
} from './fields';
import { ageOn, nairobiToday } from '../rules/eligibility';
import { ageRanges, educationLevels, paymentStatuses } from './options';
import { pageQuery, searchParam } from './paging';
import {
  agesInOrder,
  participantFilterSchema,
  recruitingProfileFields,
  recruitingProfileSchema,
} from './recruiting';

const DATE_MESSAGE = messages.date;
const CHOICE = messages.choice;

/** A date of birth: a real day from 1900-01-01 to today. */
function isPastIsoDate(value: string): boolean {
  return isIsoDateInRange(value) && new Date(`${value}T00:00:00Z`).getTime() <= Date.now();
}

/** Participants are 16 to 100 years old (decisions.md section 10), on Nairobi's date. */
export const PARTICIPANT_AGE = { min: 16, max: 100 } as const;
function hasParticipantAge(value: string): boolean {
  const age = ageOn(value, nairobiToday(new Date()));
  return age >= PARTICIPANT_AGE.min && age <= PARTICIPANT_AGE.max;
}

/**
 * Each participant field defined once, for every route that writes it (registration,
 * both profile forms): the same text rule and messages wherever it is written.
 * '' is kept here; registration reads it as "not given", a profile update as "clear it".
 */
export const participantFields = {
  firstName: requiredName(say('label.firstName'), messages.firstNameRequired),
  lastName: requiredName(say('label.lastName'), messages.lastNameRequired),
  email: emailField,
  phone: phoneField,
  location: text(say('label.location'), { max: LIMITS.shortText, kind: 'plain' }),
  occupation: text(say('label.occupation'), { max: LIMITS.shortText, kind: 'plain' }),
  dateOfBirth: z
    .string({ error: DATE_MESSAGE })
    .refine(hasNoControl, { error: DATE_MESSAGE })
    .trim()
    .refine((v) => v === '' || isPastIsoDate(v), { error: DATE_MESSAGE, abort: true })
    .refine((v) => v === '' || hasParticipantAge(v), {
      error: say('dateOfBirthAge', PARTICIPANT_AGE),
    }),
};

/**
 * What a participant agrees to when their account is made (registration and sign-up alike,
 * decisions.md section 10): the versions of the terms and privacy notice the form showed
 * (absent: the current ones, LEGAL_VERSIONS; another value is refused, reload) and the
 * separate, unticked "invite me to studies that fit me" choice.
 */
export const signUpConsentFields = {
  termsVersion: z.string().max(20).optional(),
  privacyVersion: z.string().max(20).optional(),
  inviteOptIn: z.boolean({ error: messages.choice }).optional(),
};

/** POST /api/participants/register: the participant fields minus id and createdAt. */
export const participantRegistrationSchema = z.object({
  firstName: participantFields.firstName,
  lastName: participantFields.lastName,
  email: participantFields.email,
  phone: participantFields.phone,
  password: newPasswordField(),
  location: emptyAsUndefined(participantFields.location),
  age: optionalChoice(ageRanges.values),
  occupation: emptyAsUndefined(participantFields.occupation),
  dateOfBirth: emptyAsUndefined(participantFields.dateOfBirth),
  education: optionalChoice(educationLevels.values),
  /** Defaults to the language of the page the participant registered on (else English). */
  language: languageField.optional(),
  ...signUpConsentFields,
});
export type ParticipantRegistrationInput = z.input<typeof participantRegistrationSchema>;

/**
 * The registration form adds the password's confirmation and the terms checkbox, checked in
 * the browser only: the same two the sign-up form asks (signUpFormSchema).
 */
export const participantRegistrationFormSchema = participantRegistrationSchema
  .extend({
    confirmPassword: z.string().min(1, { error: messages.confirmPassword }),
    terms: z.literal(true, { error: messages.terms }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ParticipantRegistrationFormValues = z.input<typeof participantRegistrationFormSchema>;

/** A participant as the API describes it to its owner and to admins. */
export const participantSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Where M-Pesa payouts go (decisions.md section 11): the payout number, else the phone. */
  payoutPhone: z.string(),
  payoutPhoneIsPhone: z.boolean(),
  profilePhoto: z.string().nullable(),
  location: z.string().nullable(),
  age: z.string().nullable(),
  occupation: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  education: z.string().nullable(),
  language: z.enum(languages),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The research profile of decisions.md section 10, and the invitation choice. */
  ...recruitingProfileSchema.shape,
  /** Whether staff block them (no sign-in, no applying). */
  blocked: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

/**
 * A participant as the admins' list shows them: with their reliability (decisions.md
 * section 9), why they are blocked, and the ids of possible duplicate accounts (section 10).
 */
export const adminParticipantSchema = participantSchema.extend({
  reliability: reliabilitySchema,
  blockedReason: z.string().nullable(),
  possibleDuplicates: z.array(z.string()),
});
export type AdminParticipant = z.infer<typeof adminParticipantSchema>;

/**
 * Sent beside a new `email` on both profile routes (decisions.md section 4); the server
 * checks it only when the e-mail changes, and answers 400 on this field when it is missing.
 */
export const CURRENT_PASSWORD_FOR_EMAIL = say('currentPasswordForEmail');

/** Whether a profile form's e-mail differs from the stored one (then the password is asked). */
export function emailChanged(value: string | undefined, stored: string): boolean {
  return value !== undefined && value.trim().toLowerCase() !== stored.trim().toLowerCase();
}

const currentPasswordForEmail = z
  .string({ error: CURRENT_PASSWORD_FOR_EMAIL })
  .max(LIMITS.passwordMax, { error: messages.passwordTooLong })
  .refine((v) => isAllowedText(v, 'line'), {
    error: notAllowedMessage(say('label.currentPassword')),
  })
  .optional()
  // The form keeps '' while the e-mail is unchanged: that is "not given".
  .transform((v) => (v ? v : undefined));

/** The research profile (location, age, occupation, date of birth, education); '' clears one. */
const researchProfileFields = {
  location: participantFields.location.optional(),
  age: z
    .union(
      [z.literal(''), z.enum(ageRanges.values), z.string().regex(/^\d{1,3}$/, { error: CHOICE })],
      {
        error: CHOICE,
      },
    )
    .optional(),
  occupation: participantFields.occupation.optional(),
  dateOfBirth: participantFields.dateOfBirth.optional(),
  education: z
    .union([z.literal(''), z.enum(educationLevels.values)], {
      error: CHOICE,
    })
    .optional(),
};

/**
 * The dashboard's research profile form; name, e-mail, phone and password are edited on
 * the profile settings page only (accountProfileSchema below).
 */
export const researchProfileSchema = z.object(researchProfileFields);

/** PUT /api/participants/{id}/profile: every field optional; '' clears an optional field. */
export const participantProfileUpdateSchema = z
  .object({
    firstName: participantFields.firstName.optional(),
    lastName: participantFields.lastName.optional(),
    email: participantFields.email.optional(),
    phone: participantFields.phone.optional(),
    ...researchProfileFields,
    ...recruitingProfileFields,
    language: languageField.optional(),
    currentPassword: currentPasswordForEmail,
  })
  .refine(
    (v) => Object.entries(v).some(([key, x]) => key !== 'currentPassword' && x !== undefined),
    { error: say('nothingToUpdate') },
  );
export type ParticipantProfileUpdateInput = z.input<typeof participantProfileUpdateSchema>;

/** The profile form of the dashboard (spec section 5 "Profile form"). */
export const accountProfileSchema = z.object({
  firstName: participantFields.firstName,
  lastName: participantFields.lastName,
  email: participantFields.email,
  phone: participantFields.phone,
  currentPassword: currentPasswordForEmail,
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

/** One of the signed-in participant's payments, as GET /api/me/earnings lists them (KES). */
export const myPaymentSchema = z.object({
  id: z.string(),
  testId: z.string(),
  testTitle: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(paymentStatuses),
  processedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MyPayment = z.infer<typeof myPaymentSchema>;

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The photo rules' messages, each read in the language of the moment (see `say`). */
export const photoMessages = {
  get type(): string {
    return tr('validation', 'photo.type');
  },
  get size(): string {
    return tr('validation', 'photo.size');
  },
};

/** GET /api/participants/export.csv: the list's search and filters. */
export const participantSearchQuerySchema = z
  .object({
    search: searchParam,
    ...participantFilterSchema.shape,
  })
  .refine(...agesInOrder);

/** GET /api/participants: newest first, searched on the server. */
export const participantListQuerySchema = pageQuery
  .extend(participantSearchQuerySchema.shape)
  .refine(...agesInOrder);
export type ParticipantListQuery = z.output<typeof participantListQuerySchema>;
