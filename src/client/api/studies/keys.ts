const studiesPath = '/api/tests';

/**
 * The API says "tests" for studies. Every study query starts with the path, so
 * invalidating `all` after a change refreshes the lists and any open study page.
 * GET /api/tests answers a visitor the active studies and an admin every study: cached apart.
 */
export const studyKeys = {
  path: studiesPath,
  all: [studiesPath] as const,
  active: [studiesPath, 'active'] as const,
  everyStatus: [studiesPath, 'all'] as const,
  detail: (id: string) => [studiesPath, id] as const,
  /** Every count of one study's matches (its stored criteria and drafts of them). */
  matchesOf: (id: string) => [studiesPath, id, 'matches'] as const,
  matches: (id: string, criteria: unknown) => [studiesPath, id, 'matches', { criteria }] as const,
};

export const studyUrl = (id: string) => `${studiesPath}/${encodeURIComponent(id)}`;
