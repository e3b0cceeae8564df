import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { StudyStatus } from '@/shared/schemas/options';
import type { Study } from '@/shared/schemas/studies';
import { studyKeys, studyUrl } from './keys';

/** PUT /api/tests/{id}/status: admins may set any of the six statuses (audit-logged). */
export async function updateStudyStatus({
  id,
  status,
}: {
  id: string;
  status: StudyStatus;
}): Promise<Study> {
  return (await apiJson<{ test: Study }>('PUT', `${studyUrl(id)}/status`, { status })).test;
}

export function useUpdateStudyStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudyStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studyKeys.all }),
  });
}
