import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import { invalidateAll } from '../invalidate';
import type { Application, ApplicationStatusInput } from '@/shared/schemas/applications';
import { paymentKeys } from '../payments/keys';
import { statsKeys } from '../stats/keys';
import { studyKeys } from '../studies/keys';
import { applicationKeys } from './keys';

type Move = { id: string } & ApplicationStatusInput;

/**
 * PUT /api/applications/{id}/status -> { application }. A move the state machine
 * does not allow, or a schedule into a full study, is 409 with the server's reason.
 */
export async function updateApplicationStatus({ id, ...body }: Move): Promise<Application> {
  const url = `${applicationKeys.path}/${encodeURIComponent(id)}/status`;
  return (await apiJson<{ application: Application }>('PUT', url, body)).application;
}

/**
 * Every screen an application's move can change: the application lists, the
 * studies (places taken), the payments (completing creates one) and the stats.
 */
const affectedKeys = [applicationKeys.all, studyKeys.all, paymentKeys.all, statsKeys.all];

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationStatus,
    // A 409 may mean this screen is stale (moved in another tab, study filled): refresh either way.
    onSettled: () => invalidateAll(queryClient, affectedKeys),
  });
}
