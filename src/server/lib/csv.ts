import { stringify, type Stringifier } from 'csv-stringify';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return) as a formula; a leading single quote makes it plain text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** An RFC 4180 CSV stream (CRLF, quoted when needed) with formula injection neutralised. */
export function csvStream(header: string[]): Stringifier {
  return stringify({
    header: true,
    columns: header,
    record_delimiter: '\r\n',
    // Any line break inside a value must be quoted, not only the record delimiter.
    quoted_match: /[\r\n]/,
    cast: { string: (value) => neutraliseFormula(value) },
  });
}
