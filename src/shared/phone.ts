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

/**
 * Kenyan mobile numbers in E.164: +2547… and +2541… (Safaricom, Airtel, Telkom), the only
 * numbers an M-Pesa payout can go to (decisions.md section 11); landlines (+25420…) and
 * other countries are not.
 */
const KENYAN_MOBILE = /^\+254[17]\d{8}$/;

export function isKenyanMobile(e164: string): boolean {
  return KENYAN_MOBILE.test(e164);
}

/** A typed number as a Kenyan mobile number in E.164, or undefined when it is not one. */
export function toKenyanMobile(input: string): string | undefined {
  const e164 = toE164(input);
  return e164 && isKenyanMobile(e164) ? e164 : undefined;
}

/** The last digits of a number, for a message that must not carry the whole number. */
export function lastDigitsOf(phone: string, count = 3): string {
  return phone.replace(/\D/g, '').slice(-count);
}
