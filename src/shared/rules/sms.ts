/**
 * How many SMS a text costs (3GPP TS 23.038). A text written only in the GSM 7-bit
 * alphabet fits 160 characters in one SMS; each character of the extension table
 * (€ [ ] { } ~ ^ | \ and form feed) is sent as an escape and a character, so it counts
 * as two. Any other character turns the whole text into UCS-2: 70 UTF-16 units in one
 * SMS, so an emoji (two units) counts as two. A longer text is split into parts that
 * each lose room to the header that joins them again: 153 and 67.
 */

/** The basic table: one septet each. */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: an escape and a septet each. */
const GSM7_EXTENDED = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

export type SmsEncoding = 'gsm7' | 'ucs2';

/** True when every character of `text` is in the GSM 7-bit alphabet (basic or extension table). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!basic.has(char) && !extended.has(char)) return false;
  return true;
}

export function smsEncoding(text: string): SmsEncoding {
  return isGsm7(text) ? 'gsm7' : 'ucs2';
}

/** What one character takes: septets in GSM-7, UTF-16 units in UCS-2. */
function widthOf(char: string, encoding: SmsEncoding): number {
  if (encoding === 'ucs2') return char.length;
  return extended.has(char) ? 2 : 1;
}

/** The text's length in its encoding: septets (extension characters two) or UTF-16 units. */
export function smsLength(text: string): number {
  const encoding = smsEncoding(text);
  let length = 0;
  for (const char of text) length += widthOf(char, encoding);
  return length;
}

/**
 * How many SMS the text is sent as; an empty text is one SMS. In a long text no
 * character is split between two parts (an escape stays with its character, a surrogate
 * pair with its other half), so a part may hold one unit less than its room.
 */
export function smsSegments(text: string): number {
  const encoding = smsEncoding(text);
  const single = encoding === 'gsm7' ? GSM7_SINGLE : UCS2_SINGLE;
  if (smsLength(text) <= single) return 1;
  const room = encoding === 'gsm7' ? GSM7_PART : UCS2_PART;
  let parts = 1;
  let used = 0;
  for (const char of text) {
    const width = widthOf(char, encoding);
    if (used + width > room) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return parts;
}

/** True when the text goes out as a single SMS: 160 GSM-7 septets, or 70 UCS-2 units. */
export function fitsOneSms(text: string): boolean {
  return smsSegments(text) === 1;
}
