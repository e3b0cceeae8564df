import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { CreateStudyInput, Study } from '@/shared/schemas/studies';
import { studiesRootKey } from './get-all-studies';

/** POST /api/tests: answers 201 with `{ test }`. */
export async function createStudy(input: CreateStudyInput): Promise<Study> {
  const response = await apiRequest('POST', '/api/tests', input);
  return ((await response.json()) as { test: Study }).test;
}

export function useCreateStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiesRootKey }),
  });
}
