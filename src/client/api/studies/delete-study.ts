import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { studyKeys, studyUrl } from './keys';

/** DELETE /api/tests/{id}: 409 when the study has payments (cancel it instead). */
export async function deleteStudy(id: string): Promise<void> {
  await apiRequest('DELETE', studyUrl(id));
}

export function useDeleteStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyKeys.all }),
  });
}
