import { z } from 'zod';
import { languages } from '../i18n/languages';
import type { MessageArgs, MessageKey } from '../i18n/namespaces';
import { tr } from '../i18n/runtime';
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

/**
 * A message: fixed text (the staff console's, English), or one looked up when a value is
 * refused, in the language of the moment (the request's Accept-Language on the server,
 * the page's language in the browser): the same rule gives the same message in either.
 */
export type Message = string | (() => string);

/** A validation message from the catalogue, resolved when it is shown. */
export const say =
  (key: MessageKey<'validation'>, args?: MessageArgs): (() => string) =>
  () =>
    tr('validation', key, args);

/** The text of a message now. */
export const textOf = (message: Message): string =>
  typeof message === 'string' ? message : message();

/** The shared messages, each resolved in the language of the moment when called. */
export const messages = {
  firstNameRequired: say('firstNameRequired'),
  lastNameRequired: say('lastNameRequired'),
  email: say('email'),
  phone: say('phone'),
  password: say('password', { min: LIMITS.passwordMin }),
  passwordRequired: say('passwordRequired'),
  passwordTooLong: say('passwordTooLong', { max: LIMITS.passwordMax }),
  passwordTooCommon: say('passwordTooCommon'),
  confirmPassword: say('confirmPassword'),
  passwordsMismatch: say('passwordsMismatch'),
  currentPasswordRequired: say('currentPasswordRequired'),
  newPassword: say('newPassword', { min: LIMITS.passwordMin }),
  confirmNewPassword: say('confirmNewPassword'),
  terms: say('terms'),
  date: say('date'),
  choice: say('choice'),
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

export const notAllowedMessage =
  (label: Message): (() => string) =>
  () =>
    tr('validation', 'notAllowed', { label: textOf(label) });
export const tooLongMessage =
  (label: Message, max: number): (() => string) =>
  () =>
    tr('validation', 'tooLong', { label: textOf(label), max });

type TextOptions = {
  max: number;
  kind?: TextKind;
  /** Makes the field required: the message for a value that is missing, not text or empty. */
  required?: Message;
  /** The message for a value over `max` (defaults to "<label> must be at most N characters"). */
  maxMessage?: Message;
};

/**
 * A text field: trimmed, NFC, at most `max` characters, and holding only what its kind
 * allows, each refusal with the field's own message. Empty is allowed unless `required`.
 */
export function text(label: Message, { max, kind = 'line', required, maxMessage }: TextOptions) {
  // Checked before trimming: a control character at either end is refused like one
  // inside, never silently cut off (decisions.md section 8).
  const notAllowed = { error: notAllowedMessage(label) };
  const base = z
    .string({ error: required ?? (() => tr('validation', 'mustBeText', { label: textOf(label) })) })
    .refine((v) => isAllowedText(v, kind), notAllowed)
    .trim()
    .normalize('NFC');
  return (required ? base.min(1, { error: required }) : base)
    .max(max, { error: maxMessage ?? tooLongMessage(label, max) })
    .refine((v) => isAllowedText(v, kind), notAllowed);
}

/** A required text field (several lines allowed unless `kind` says otherwise). */
export function requiredText(
  label: Message,
  message: Message,
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
export function requiredName(label: Message, message: Message, max: number = LIMITS.name) {
  return requiredText(label, message, max, 'plain');
}

/** An optional single-line name, place or title; an empty string means "not given". */
export function optionalText(label: Message, max: number = LIMITS.shortText) {
  return emptyAsUndefined(text(label, { max, kind: 'plain' }));
}

/** Optional free text (several lines allowed); an empty string means "not given". */
export function optionalLongText(label: Message, max: number = LIMITS.longText) {
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
export function dateField(label: Message, requiredMessage: Message) {
  return z
    .string({ error: requiredMessage })
    .refine((v) => !CONTROL.test(v), { error: notAllowedMessage(label) })
    .trim()
    .min(1, { error: requiredMessage })
    .refine((v) => v === '' || isIsoDateInRange(v), {
      error: () =>
        tr('validation', 'dateRange', {
          label: textOf(label),
          min: DATE_RANGE.min,
          max: DATE_RANGE.max,
        }),
    });
}

/** No control character anywhere, the ends included (checked before a field trims). */
export const hasNoControl = (value: string) => !CONTROL.test(value);

export const emailField = z
  .string({ error: messages.email })
  .refine(hasNoControl, { error: messages.email })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, { error: messages.email })
  .pipe(z.email({ error: messages.email }));

/**
 * A phone number in any form people type (`0711 464 914`, `254711464914`, `+44 …`),
 * answered in E.164 (`+254711464914`): the one form stored, compared and shown.
 */
export const phoneField = z
  .string({ error: messages.phone })
  .refine(hasNoControl, { error: messages.phone })
  .trim()
  .min(LIMITS.phoneMin, { error: messages.phone })
  .max(LIMITS.phoneMax, { error: messages.phone })
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (e164) return e164;
    ctx.issues.push({ code: 'custom', message: messages.phone(), input: value });
    return z.NEVER;
  });

/**
 * A new password: the spec's minimum of 6, a cap that keeps hashing cheap, and the
 * text rule (a control character cannot be typed into a password box).
 */
export const newPasswordField = (
  minMessage: Message = messages.password,
  label: Message = say('label.password'),
) =>
  z
    .string({ error: minMessage })
    .min(LIMITS.passwordMin, { error: minMessage })
    .max(LIMITS.passwordMax, { error: messages.passwordTooLong })
    .refine((v) => !CONTROL.test(v), { error: notAllowedMessage(label) });

/** A password being checked (sign-in, current password): required, capped and the text rule. */
export const existingPasswordField = (
  requiredMessage: Message = messages.passwordRequired,
  label: Message = say('label.password'),
) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .max(LIMITS.passwordMax, { error: messages.passwordTooLong })
    .refine((v) => !CONTROL.test(v), { error: notAllowedMessage(label) });

/** An optional value from an option set; '' means "not given". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(
  values: T,
  message: Message = messages.choice,
) {
  return z
    .union([z.literal(''), z.enum(values, { error: message })], { error: message })
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** The language a participant reads (decisions.md section 13): optional in every payload. */
export const languageField = z.enum(languages, { error: say('language') });
