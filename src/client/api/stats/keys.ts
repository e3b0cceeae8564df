const statsPath = '/api/stats';

/**
 * GET /api/stats answers more to an admin than to a visitor, so the two answers are
 * cached apart, both under the path: invalidating `all` refreshes either.
 */
export const statsKeys = {
  path: statsPath,
  all: [statsPath] as const,
  public: [statsPath, 'public'] as const,
  admin: [statsPath, 'admin'] as const,
  trends: ['/api/stats/trends'] as const,
};
