import { type Language, localeOf } from '../i18n/languages';

/**
 * Money as exact integer cents (decisions.md section 3: never a float sum). The API
 * sends amounts as decimal strings ("1500.00"); they are turned into bigint cents,
 * multiplied and added as integers, and only rounded to whole shillings for display.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** "1500.00" -> 150000n. Throws on anything that is not a decimal with at most two places. */
export function toCents(decimal: string): bigint {
  const match = DECIMAL.exec(decimal.trim());
  if (!match) throw new RangeError(`Not a decimal amount: "${decimal}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 150050n -> "1500.50": the decimal string the API speaks. */
export function centsToDecimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The pay for one participant of a study: pay rate per hour times its duration in hours. */
export function studyPayCents(payRate: string, durationHours: number): bigint {
  if (!Number.isInteger(durationHours) || durationHours < 0) {
    throw new RangeError(`Not a whole number of hours: ${durationHours}`);
  }
  return toCents(payRate) * BigInt(durationHours);
}

/** Adds amounts exactly. */
export function sumCents(amounts: readonly bigint[]): bigint {
  return amounts.reduce((total, amount) => total + amount, 0n);
}

/** Whole shillings, half away from zero (KES is shown without decimals). */
export function roundToShillings(cents: bigint): bigint {
  const abs = cents < 0n ? -cents : cents;
  const shillings = (abs + 50n) / 100n;
  return cents < 0n ? -shillings : shillings;
}

const kes = new Map<Language, Intl.NumberFormat>();

/** 150000n -> "Ksh 1,500" (en-KE or sw-KE, no decimals; the space is a no-break space). */
export function formatKes(cents: bigint, language: Language = 'en'): string {
  let format = kes.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf[language], {
      style: 'currency',
      currency: 'KES',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    kes.set(language, format);
  }
  return format.format(roundToShillings(cents));
}

/** A decimal string from the API, shown as KES: "1500.00" -> "Ksh 1,500". */
export function formatKesDecimal(decimal: string): string {
  return formatKes(toCents(decimal));
}
