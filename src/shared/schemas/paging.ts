import { z } from 'zod';
import { isAllowedText, say, text } from './fields';

const LIMIT = { error: say('limit') };
const limit = z.coerce.number(LIMIT).int(LIMIT).min(1, LIMIT).max(200, LIMIT);
const INVALID_CURSOR = { error: say('invalidCursor') };
const cursor = z
  .string(INVALID_CURSOR)
  .max(200, INVALID_CURSOR)
  .refine((v) => isAllowedText(v, 'line'), INVALID_CURSOR)
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
