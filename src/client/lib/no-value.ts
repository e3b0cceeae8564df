/**
 * What a cell or field shows when it has no value (no phone, not paid yet): one em dash
 * everywhere, participant pages and the console alike. Screen readers are told the
 * meaning beside it where it matters (an sr-only "Not given").
 */
export const NO_VALUE = '—';
