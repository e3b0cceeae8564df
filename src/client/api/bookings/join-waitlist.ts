import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { WaitlistEntry } from '@/shared/schemas/sessions';
import { invalidateAll } from '../invalidate';
import { bookingAffectedKeys, waitlistUrl } from './keys';

/**
 * POST /api/tests/{id}/waitlist -> 201 { entry }: only while selected and every upcoming
 * session of the study is full (409 otherwise, with the server's reason).
 */
export async function joinWaitlist(testId: string): Promise<WaitlistEntry> {
  return (await apiJson<{ entry: WaitlistEntry }>('POST', waitlistUrl(testId))).entry;
}

/** The place in line rides on the application: refresh the applications and the seats. */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => invalidateAll(queryClient, bookingAffectedKeys),
  });
}
