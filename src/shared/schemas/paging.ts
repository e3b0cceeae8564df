import { z } from 'zod';
import { isAllowedText, say, text } from './fields';

const LIMIT = 'limit is 1 to 200';
const limit = z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(200, LIMIT);
const cursor = z
  .string({ error: 'Invalid cursor' })
  .max(200, 'Invalid cursor')
  .refine((v) => isAllowedText(v, 'line'), 'Invalid cursor')
  .optional();

/**
 * `?limit=&cursor=` of decisions.md section 3 (at most 200), where paging is optional:
 * without either, a list still answers the spec's whole key.
 */
export const optionalPageQuery = z.object({ limit: limit.optional(), cursor });

/** `?limit=&cursor=` of decisions.md section 3: default 50, at most 200. */
export const pageQuery = z.object({ limit: limit.default(50), cursor });

/** A list's `?search=`: trimmed, at most 100 characters, the text rule of every field. */
export const searchParam = text(say('label.search'), {
  max: 100,
  maxMessage: 'Search is at most 100 characters',
}).optional();
