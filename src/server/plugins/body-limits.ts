import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { tr } from '../../shared/i18n/runtime';

/** The largest JSON body any route takes (decisions.md section 8); the photo route is multipart. */
export const MAX_JSON_BYTES = 64 * 1024;
/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when the text nests arrays and objects deeper than `maxDepth`, counting `[` and `{`
 * outside strings. One pass, no allocation, stopping at the first level too deep: a body of
 * nothing but `[` costs microseconds here instead of a recursive parse.
 */
export function isNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

export const tooDeeplyNested = () =>
  new AppError(400, 'TOO_DEEPLY_NESTED', tr('errors', 'tooDeeplyNested'));

/**
 * JSON bodies: at most MAX_JSON_BYTES (the server's `bodyLimit`, 413 before a byte more is
 * read) and MAX_JSON_DEPTH levels, refused by a scan of the raw text before parsing. The
 * parse itself is Fastify's own, so its prototype-poisoning protection stays.
 */
export const bodyLimitsPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_JSON_BYTES },
    (request, body, done) => {
      const text = body as string;
      if (isNestedDeeperThan(text, MAX_JSON_DEPTH)) {
        done(tooDeeplyNested(), undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
});
