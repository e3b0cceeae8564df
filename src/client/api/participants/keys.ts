const participantsPath = '/api/participants';

/**
 * Every query about participants starts with the path (the list, one person, their
 * earnings), so invalidating `all` refreshes them; `[path, id, …]` are one person's.
 */
export const participantKeys = {
  path: participantsPath,
  all: [participantsPath] as const,
  list: (search: string | undefined) => [participantsPath, 'list', { search }] as const,
  /** The admin list searched and filtered by profile fields. */
  filtered: (search: string | undefined, filters: Record<string, string | undefined>) =>
    [participantsPath, 'list', { search, ...filters }] as const,
  detail: (id: string) => [participantsPath, id] as const,
  earnings: (id: string) => [participantsPath, id, 'earnings'] as const,
  myEarnings: ['/api/me/earnings'] as const,
  /** The statement, GET /api/me/payments, page by page. */
  myPayments: ['/api/me/payments'] as const,
};

export const participantUrl = (id: string) => `${participantsPath}/${encodeURIComponent(id)}`;
