import { stringify, type Stringifier } from 'csv-stringify';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula; a leading single quote makes it plain text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A phone number as the M-Pesa bulk and SMS tools take it: digits only (`2547…`), which no
 * spreadsheet reads as a formula or a number in scientific notation (decisions.md section 8).
 */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * Cells that are quoted: a comma, a semicolon (the list separator of spreadsheets in
 * locales with a decimal comma, which would split the cell), a quote, CR or LF.
 */
export const NEEDS_QUOTES = /[,;"\r\n]/;

/** An RFC 4180 CSV stream (CRLF, quoted when needed) with formula injection neutralised. */
export function csvStream(header: string[]): Stringifier {
  return stringify({
    header: true,
    columns: header,
    record_delimiter: '\r\n',
    // Any line break inside a value must be quoted, not only the record delimiter.
    quoted_match: NEEDS_QUOTES,
    cast: { string: (value) => neutraliseFormula(value) },
  });
}
