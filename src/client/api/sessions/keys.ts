import { studyUrl } from '../studies/keys';

const sessionsPath = '/api/sessions';

/**
 * Every session query starts with `all`, so a change to any session (or a booking, which
 * moves its seat counts) refreshes the lists of every open study page.
 */
export const sessionKeys = {
  path: sessionsPath,
  all: [sessionsPath] as const,
  ofStudy: (testId: string) => [sessionsPath, { testId }] as const,
};

/** /api/tests/{id}/sessions: a study's sessions (GET) and where new ones are posted. */
export const studySessionsUrl = (testId: string) => `${studyUrl(testId)}/sessions`;

export const sessionUrl = (id: string) => `${sessionsPath}/${encodeURIComponent(id)}`;
