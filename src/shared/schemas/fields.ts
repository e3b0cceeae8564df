import { z } from 'zod';
import { toE164 } from '../phone';

/**
 * Field builders shared by every payload. Each string is trimmed, normalised to
 * NFC and capped, so a value that is too long, of the wrong type or missing is a
 * 400 with the field's own message, never a database error.
 */

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
  password: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordRequired: 'Password is required',
  passwordTooLong: `Password must be at most ${LIMITS.passwordMax} characters`,
  passwordTooCommon: 'This password is too common',
  confirmPassword: 'Please confirm your password',
  passwordsMismatch: "Passwords don't match",
  currentPasswordRequired: 'Current password is required',
  newPassword: `New password must be at least ${LIMITS.passwordMin} characters`,
  confirmNewPassword: 'Please confirm your new password',
  terms: 'You must accept the terms to continue',
} as const;

/**
 * The one text rule (decisions.md section 8; docs/decisions/016-input-rules.md): no
 * control character (Unicode Cc: the C0 range, DEL and the C1 range) in any text field
 * or query parameter. A multi-line field keeps tab, LF and CR. PostgreSQL refuses NUL
 * in text, and no other control character is ever typed on purpose.
 */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
// What a name, place or title never needs: markup, and the invisible bidirectional and
// zero-width marks used to spoof text.
const MARKUP_OR_INVISIBLE = /[<>\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

export type TextKind =
  /** one line, no control character (search terms, references, codes) */
  | 'line'
  /** one line, and no markup or invisible marks either (names, places, titles) */
  | 'plain'
  /** several lines: tab, CR and LF allowed (descriptions, messages, notes) */
  | 'multiline';

/** True when `value` holds only what a field of this kind allows. */
export function isAllowedText(value: string, kind: TextKind): boolean {
  if (kind === 'multiline') return !CONTROL_BUT_LINE_BREAKS.test(value);
  if (CONTROL.test(value)) return false;
  return kind !== 'plain' || !MARKUP_OR_INVISIBLE.test(value);
}

export const notAllowedMessage = (label: string) =>
  `${label} contains characters that are not allowed`;
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

type TextOptions = {
  max: number;
  kind?: TextKind;
  /** Makes the field required: the message for a value that is missing, not text or empty. */
  required?: string;
  /** The message for a value over `max` (defaults to "<label> must be at most N characters"). */
  maxMessage?: string;
};

/**
 * A text field: trimmed, NFC, at most `max` characters, and holding only what its kind
 * allows, each refusal with the field's own message. Empty is allowed unless `required`.
 */
export function text(label: string, { max, kind = 'line', required, maxMessage }: TextOptions) {
  // Checked before trimming: a control character at either end is refused like one
  // inside, never silently cut off (decisions.md section 8).
  const base = z
    .string({ error: required ?? `${label} must be text` })
    .refine((v) => isAllowedText(v, kind), notAllowedMessage(label))
    .trim()
    .normalize('NFC');
  return (required ? base.min(1, required) : base)
    .max(max, maxMessage ?? tooLongMessage(label, max))
    .refine((v) => isAllowedText(v, kind), notAllowedMessage(label));
}

/** A required text field (several lines allowed unless `kind` says otherwise). */
export function requiredText(
  label: string,
  message: string,
  max: number = LIMITS.longText,
  kind: TextKind = 'multiline',
) {
  return text(label, { max, kind, required: message });
}

/** An optional field whose empty string means "not given" (undefined). */
export function emptyAsUndefined<T extends z.ZodType<string | undefined>>(schema: T) {
  return schema.optional().transform((v) => (v ? v : undefined));
}

/** A required single-line name, place or title: no markup or control characters. */
export function requiredName(label: string, message: string, max: number = LIMITS.name) {
  return requiredText(label, message, max, 'plain');
}

/** An optional single-line name, place or title; an empty string means "not given". */
export function optionalText(label: string, max: number = LIMITS.shortText) {
  return emptyAsUndefined(text(label, { max, kind: 'plain' }));
}

/** Optional free text (several lines allowed); an empty string means "not given". */
export function optionalLongText(label: string, max: number = LIMITS.longText) {
  return emptyAsUndefined(text(label, { max, kind: 'multiline' }));
}

/** The calendar dates any field takes (decisions.md section 8): outside them is 400. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD within DATE_RANGE (no 2025-02-30). */
export function isIsoDateInRange(value: string): boolean {
  if (!ISO_DAY.test(value) || value < DATE_RANGE.min || value > DATE_RANGE.max) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A required calendar day, YYYY-MM-DD, between 1900-01-01 and 2100-12-31. */
export function dateField(label: string, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .refine((v) => !CONTROL.test(v), notAllowedMessage(label))
    .trim()
    .min(1, requiredMessage)
    .refine(
      (v) => v === '' || isIsoDateInRange(v),
      `${label} must be a date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`,
    );
}

/** No control character anywhere, the ends included (checked before a field trims). */
export const hasNoControl = (value: string) => !CONTROL.test(value);

export const emailField = z
  .string({ error: messages.email })
  .refine(hasNoControl, messages.email)
  .trim()
  .toLowerCase()
  .max(LIMITS.email, messages.email)
  .pipe(z.email(messages.email));

/**
 * A phone number in any form people type (`0711 464 914`, `254711464914`, `+44 …`),
 * answered in E.164 (`+254711464914`): the one form stored, compared and shown.
 */
export const phoneField = z
  .string({ error: messages.phone })
  .refine(hasNoControl, messages.phone)
  .trim()
  .min(LIMITS.phoneMin, messages.phone)
  .max(LIMITS.phoneMax, messages.phone)
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164) return e164;
    ctx.issues.push({ code: 'custom', message: messages.phone, input: value });
    return z.NEVER;
  });

/**
 * A new password: the spec's minimum of 6, a cap that keeps hashing cheap, and the
 * text rule (a control character cannot be typed into a password box).
 */
export const newPasswordField = (minMessage: string = messages.password, label = 'Password') =>
  z
    .string({ error: minMessage })
    .min(LIMITS.passwordMin, minMessage)
    .max(LIMITS.passwordMax, messages.passwordTooLong)
    .refine((v) => !CONTROL.test(v), notAllowedMessage(label));

/** A password being checked (sign-in, current password): required, capped and the text rule. */
export const existingPasswordField = (
  requiredMessage: string = messages.passwordRequired,
  label = 'Password',
) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .max(LIMITS.passwordMax, messages.passwordTooLong)
    .refine((v) => !CONTROL.test(v), notAllowedMessage(label));

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
