import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import { applicationKeys } from '../applications/keys';
import { invalidateAll } from '../invalidate';
import { sessionAffectedKeys } from './affected';

/**
 * DELETE /api/applications/{id}/booking -> { application }, back to selected: the seat is
 * freed (admins at any time; participants up to the cut-off).
 */
export async function cancelBooking(applicationId: string): Promise<Application> {
  const url = `${applicationKeys.path}/${encodeURIComponent(applicationId)}/booking`;
  return (await apiJson<{ application: Application }>('DELETE', url)).application;
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => invalidateAll(queryClient, sessionAffectedKeys),
  });
}
