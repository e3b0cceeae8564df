import { z } from 'zod';

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

/** A search term for `LIKE '%…%'`, with the pattern characters taken literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
