import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { WaitlistEntry } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { bookingAffectedKeys, waitlistUrl } from './keys';

/** DELETE /api/tests/{id}/waitlist -> { entry }: leaves the line (and gives up any seat held). */
export async function leaveWaitlist(testId: string): Promise<WaitlistEntry> {
  return (await apiJson<{ entry: WaitlistEntry }>('DELETE', waitlistUrl(testId))).entry;
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSettled: () => invalidateAll(queryClient, bookingAffectedKeys),
  });
}
