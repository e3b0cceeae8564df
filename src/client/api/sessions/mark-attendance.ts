import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import type { Attendance } from '@/shared/schemas/options';
import { applicationKeys } from '../applications/keys';
import { invalidateAll } from '../invalidate';
import { sessionAffectedKeys } from './affected';

/**
 * PUT /api/applications/{id}/attendance { attendance } -> { application }: one booking's
 * mark once its session has started (409 before).
 */
export async function markAttendance({
  applicationId,
  attendance,
}: {
  applicationId: string;
  attendance: Attendance;
}): Promise<Application> {
  const url = `${applicationKeys.path}/${encodeURIComponent(applicationId)}/attendance`;
  return (await apiJson<{ application: Application }>('PUT', url, { attendance })).application;
}

export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAttendance,
    onSettled: () => invalidateAll(queryClient, sessionAffectedKeys),
  });
}
