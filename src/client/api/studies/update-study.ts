import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Study, UpdateStudyInput } from '@/shared/schemas/studies';
import { studyKeys, studyUrl } from './keys';

/**
 * PUT /api/tests/{id}: any of the creation fields; answers 200 with `{ test }`. An end
 * date before the (stored) start date, or fewer places than are taken, is 400 on the field.
 */
export async function updateStudy({
  id,
  ...changes
}: { id: string } & UpdateStudyInput): Promise<Study> {
  return (await apiJson<{ test: Study }>('PUT', studyUrl(id), changes)).test;
}

export function useUpdateStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyKeys.all }),
  });
}
