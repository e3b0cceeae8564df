import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tr } from '../../shared/i18n/runtime';
import { badRequest } from './app-error';

/**
 * Keyset cursors to the microsecond. PostgreSQL stores microseconds and a JS
 * Date holds milliseconds, so a cursor made from a Date could skip rows that
 * fall within the same millisecond; these read and compare the stored text.
 */
export type MicroCursor = { at: string; id: string };

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The column as UTC text with microseconds, for `encodeMicroCursor`. */
export function microText(column: PgColumn): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeMicroCursor(at: string, id: string): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

/**
 * A real moment: Date.parse rolls 30 February over to 2 March and takes year 0000, which
 * PostgreSQL refuses; the text must come back from the Date unchanged (to the millisecond).
 */
function isRealMoment(at: string): boolean {
  const ms = Date.parse(at);
  return (
    !Number.isNaN(ms) && at >= '0001' && new Date(ms).toISOString().slice(0, 23) === at.slice(0, 23)
  );
}

export function decodeMicroCursor(cursor: string | undefined): MicroCursor | undefined {
  if (!cursor) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    !at ||
    !ISO_MICROS.test(at) ||
    !isRealMoment(at) ||
    !id ||
    !UUID.test(id)
  ) {
    throw badRequest(tr('errors', 'invalidCursor'), { cursor: tr('errors', 'invalidCursor') });
  }
  return { at, id };
}

/** Rows after the cursor in `(at DESC, id DESC)` order: a row comparison the index can use. */
export function afterMicroCursor(
  atColumn: PgColumn,
  idColumn: PgColumn,
  cursor: MicroCursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${atColumn}, ${idColumn}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Newest first, spelt like the `(at DESC NULLS LAST, id DESC NULLS LAST)` indexes so they are used. */
export function newestFirst(atColumn: PgColumn, idColumn: PgColumn): SQL[] {
  return [sql`${atColumn} DESC NULLS LAST`, sql`${idColumn} DESC NULLS LAST`];
}

/**
 * One keyset page from rows fetched with `limit + 1`: the first `limit` rows, and the cursor
 * of the last one shown when a further row proves there is more. `position` gives a row's
 * `(at, id)` as selected with `microText`.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  position: (row: Row) => { at: string; id: string },
): { shown: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  if (rows.length <= limit || !last) return { shown, nextCursor: null };
  const { at, id } = position(last);
  return { shown, nextCursor: encodeMicroCursor(at, id) };
}
