import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import { invalidateAll } from '../invalidate';
import { applicationUrl, bookingAffectedKeys } from './keys';

/**
 * DELETE /api/applications/{id}/booking -> { application }, back to selected. A participant
 * may cancel up to the cut-off (12 hours by default) before the start; 409 after.
 */
export async function cancelMyBooking(applicationId: string): Promise<Application> {
  const url = `${applicationUrl(applicationId)}/booking`;
  return (await apiJson<{ application: Application }>('DELETE', url)).application;
}

export function useCancelMyBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMyBooking,
    onSettled: () => invalidateAll(queryClient, bookingAffectedKeys),
  });
}
