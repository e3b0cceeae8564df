import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { CreateStudyInput, Study } from '@/shared/schemas/studies';
import { studyKeys } from './keys';

/** POST /api/tests: answers 201 with `{ test }`. */
export async function createStudy(input: CreateStudyInput): Promise<Study> {
  return (await apiJson<{ test: Study }>('POST', studyKeys.path, input)).test;
}

export function useCreateStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyKeys.all }),
  });
}
