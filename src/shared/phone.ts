import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phone numbers are stored in E.164 (decisions.md section 8; docs/decisions/017-phones-e164.md).
 * A number without its `+` code is read as Kenyan: `07…`, `01…` and `2547…` become
 * `+2547…`/`+2541…`; any other country needs its `+` code.
 */
export const DEFAULT_PHONE_COUNTRY = 'KE';

/** Digits with the separators people type: spaces, dashes, dots, slashes and brackets. */
const TYPED_PHONE = /^\(?\+?[0-9][0-9 ().\-/]*[0-9]$/;

/**
 * The E.164 form of a typed phone number (`+254711464914`), or undefined when it is not
 * a possible number. Letters are refused here, because the library would otherwise pick
 * a number out of text such as "call 0711…".
 */
export function toE164(input: string): string | undefined {
  const typed = input.trim();
  if (typed.length > 32 || !TYPED_PHONE.test(typed)) return undefined;
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}
