import { z } from 'zod';
import { badRequest } from './app-error';

/** `?limit=&cursor=` of decisions.md section 3: default 50, at most 200, newest first. */
export const pageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit is 1 to 200')
    .max(200, 'limit is 1 to 200')
    .default(50),
  cursor: z.string().max(200).optional(),
});

export type Cursor = { at: Date; id: string };

/** A keyset cursor: the (timestamp, id) of the last row of the page, opaque to clients. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  }
  return { at, id };
}

/** A search term for `LIKE '%…%'`, with the pattern characters taken literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
