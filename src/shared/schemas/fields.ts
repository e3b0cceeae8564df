import { z } from 'zod';

/**
 * Field builders shared by every payload. Each string is trimmed, normalised to
 * NFC and capped, so a value that is too long, of the wrong type or missing is a
 * 400 with the field's own message, never a database error.
 */

// Control characters, the invisible bidirectional and zero-width marks used to
// spoof text, and the angle brackets that only markup needs.
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f<>\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const UNSAFE_TEXT_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const LIMITS = {
  name: 100,
  email: 254,
  phoneMin: 10,
  phoneMax: 32,
  passwordMin: 6,
  passwordMax: 128,
  shortText: 200,
  longText: 5000,
} as const;

export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  password: 'Password must be at least 6 characters',
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordTooCommon: 'This password is too common',
  confirmPassword: 'Please confirm your password',
  passwordsMismatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  newPassword: 'New password must be at least 6 characters',
  confirmNewPassword: 'Please confirm your new password',
  terms: 'You must accept the terms to continue',
} as const;

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** A required single-line text: trimmed, NFC, non-empty, capped, no markup or control characters. */
export function requiredName(label: string, message: string, max: number = LIMITS.name) {
  return z
    .string({ error: message })
    .trim()
    .normalize('NFC')
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !UNSAFE_NAME_CHARS.test(v), `${label} contains characters that are not allowed`);
}

/** An optional single-line text; an empty string means "not given". */
export function optionalText(max: number = LIMITS.shortText) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .normalize('NFC')
    .max(max, tooLong(max))
    .refine((v) => !UNSAFE_NAME_CHARS.test(v), 'Contains characters that are not allowed')
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** Optional free text (several lines allowed); an empty string means "not given". */
export function optionalLongText(max: number = LIMITS.longText) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .normalize('NFC')
    .max(max, tooLong(max))
    .refine((v) => !UNSAFE_TEXT_CHARS.test(v), 'Contains characters that are not allowed')
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** Free text (several lines allowed), required. */
export function requiredText(message: string, max: number = LIMITS.longText) {
  return z
    .string({ error: message })
    .trim()
    .normalize('NFC')
    .min(1, message)
    .max(max, tooLong(max))
    .refine((v) => !UNSAFE_TEXT_CHARS.test(v), 'Contains characters that are not allowed');
}

export const emailField = z
  .string({ error: messages.email })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, messages.email)
  .pipe(z.email(messages.email));

export const phoneField = z
  .string({ error: messages.phone })
  .trim()
  .min(LIMITS.phoneMin, messages.phone)
  .max(LIMITS.phoneMax, messages.phone)
  .regex(/^\+?[0-9][0-9 ()-]*[0-9]$/, messages.phone);

/** A new password: the spec's minimum of 6 and a cap that keeps hashing cheap. */
export const newPasswordField = (minMessage: string = messages.password) =>
  z
    .string({ error: minMessage })
    .min(LIMITS.passwordMin, minMessage)
    .max(LIMITS.passwordMax, messages.passwordTooLong);

/** A password being checked (sign-in, current password): required and capped, nothing else. */
export const existingPasswordField = (requiredMessage: string = messages.passwordRequired) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(LIMITS.passwordMax, messages.passwordTooLong);

/** An optional value from an option set; '' means "not given". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message = 'Please choose one of the options',
) {
  return z
    .union([z.literal(''), z.enum(values, { error: message })], { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));
}
