import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { studiesRootKey } from './get-all-studies';

/** DELETE /api/tests/{id}: 409 when the study has payments (cancel it instead). */
export async function deleteStudy(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/tests/${encodeURIComponent(id)}`);
}

export function useDeleteStudy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiesRootKey }),
  });
}
