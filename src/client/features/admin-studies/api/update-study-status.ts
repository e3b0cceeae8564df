import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { StudyStatus } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import { studiesRootKey } from './get-all-studies';

/** PUT /api/tests/{id}/status: admins may set any of the six statuses (audit-logged). */
export async function updateStudyStatus({
  id,
  status,
}: {
  id: string;
  status: StudyStatus;
}): Promise<Study> {
  const response = await apiRequest('PUT', `/api/tests/${encodeURIComponent(id)}/status`, {
    status,
  });
  return ((await response.json()) as { test: Study }).test;
}

export function useUpdateStudyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudyStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studiesRootKey }),
  });
}
