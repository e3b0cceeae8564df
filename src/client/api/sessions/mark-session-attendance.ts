import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import type { SessionAttendanceInput } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { sessionAffectedKeys } from './affected';
import { sessionUrl } from './keys';

/**
 * PUT /api/sessions/{id}/attendance { attended, noShow, excused } -> { applications }:
 * attended ones can then be completed, no-shows end, excused go back to selected. 409
 * before the session starts.
 */
export async function markSessionAttendance({
  id,
  ...body
}: { id: string } & SessionAttendanceInput): Promise<Application[]> {
  return (
    await apiJson<{ applications: Application[] }>('PUT', `${sessionUrl(id)}/attendance`, body)
  ).applications;
}

export function useMarkSessionAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSessionAttendance,
    onSettled: () => invalidateAll(queryClient, sessionAffectedKeys),
  });
}
