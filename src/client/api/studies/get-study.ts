import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Study } from '@/shared/schemas/studies';
import { studyKeys, studyUrl } from './keys';

/** GET /api/tests/{id}: one study of any status (admins); 404 'Test not found'. */
export async function getStudy(id: string, signal?: AbortSignal): Promise<Study> {
  return (await apiJson<{ test: Study }>('GET', studyUrl(id), undefined, signal)).test;
}

export function studyQueryOptions(id: string) {
  return queryOptions({
    queryKey: studyKeys.detail(id),
    queryFn: ({ signal }) => getStudy(id, signal),
  });
}

export function useStudy(id: string) {
  return useQuery(studyQueryOptions(id));
}
