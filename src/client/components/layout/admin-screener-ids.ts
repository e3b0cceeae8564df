/** A screener id's rule (screenerSchema): 1-40 characters of a-z, 0-9, `_` and `-`. */
const MAX = 40;

/**
 * The id a question or option gets from its words: lower case, accents dropped, every run of
 * other characters one `-`, at most 40 characters; `fallback` when no letter or digit is left.
 */
export function slugOf(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}

/** `base`, or `base-2`, `base-3`… the first not in `taken`, still at most 40 characters. */
export function uniqueId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const tail = `-${n}`;
    const id = `${base.slice(0, MAX - tail.length).replace(/-+$/, '')}${tail}`;
    if (!used.has(id)) return id;
  }
}
