import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Application, ApplicationStatusInput } from '@/shared/schemas/applications';
import { applicationsQueryKey } from './get-applications';

type Move = { id: string } & ApplicationStatusInput;

/**
 * PUT /api/applications/{id}/status -> { application }. A move the state machine
 * does not allow, or a schedule into a full study, is 409 with the server's reason.
 */
export async function updateApplicationStatus({ id, ...body }: Move): Promise<Application> {
  const response = await apiRequest(
    'PUT',
    `${applicationsQueryKey[0]}/${encodeURIComponent(id)}/status`,
    body,
  );
  return ((await response.json()) as { application: Application }).application;
}

/**
 * Every screen an application's move can change: the application lists, the
 * studies (places taken), the payments (completing creates one) and the stats.
 */
const affectedKeys = [applicationsQueryKey, ['/api/tests'], ['/api/payments'], ['/api/stats']];

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationStatus,
    // A 409 may mean this screen is stale (moved in another tab, study filled): refresh either way.
    onSettled: () =>
      Promise.all(affectedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
