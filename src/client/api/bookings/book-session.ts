import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import { invalidateAll } from '../invalidate';
import { applicationUrl, bookingAffectedKeys } from './keys';

/**
 * POST /api/applications/{id}/booking { sessionId } -> { application }, now scheduled. From
 * selected (a new booking, or accepting a held seat) or scheduled (a move before the cut-off).
 * Refusals (full, cancelled, started, overlapping, too late, booking paused) come with the
 * server's message in the page's language.
 */
export async function bookSessionSeat({
  applicationId,
  sessionId,
}: {
  applicationId: string;
  sessionId: string;
}): Promise<Application> {
  const url = `${applicationUrl(applicationId)}/booking`;
  return (await apiJson<{ application: Application }>('POST', url, { sessionId })).application;
}

export function useBookSessionSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSessionSeat,
    // A refusal usually means the seats shown are stale: refresh either way.
    onSettled: () => invalidateAll(queryClient, bookingAffectedKeys),
  });
}
