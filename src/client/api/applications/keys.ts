import type { ApplicationStatus } from '@/shared/schemas/options';

const applicationsPath = '/api/applications';

/** The admin list's filters (applicationListQuerySchema). */
export type AdminApplicationFilters = {
  status?: ApplicationStatus | undefined;
  testId?: string | undefined;
  search?: string | undefined;
  /** `questionId:optionId`: applicants who chose that option of the study's screener. */
  answer?: string | undefined;
};

/**
 * Every application query starts with the path, so a status change made anywhere
 * (which invalidates `all`) refreshes the lists, the Overview and the study pages.
 */
export const applicationKeys = {
  path: applicationsPath,
  all: [applicationsPath] as const,
  mine: [applicationsPath, 'mine'] as const,
  recent: (limit: number) => [applicationsPath, 'recent', limit] as const,
  ofStudy: (testId: string) => [applicationsPath, { testId, all: true }] as const,
  adminList: (filters: AdminApplicationFilters) => [applicationsPath, 'list', filters] as const,
};
