import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application } from '@/shared/schemas/applications';
import { invalidateAll } from '../invalidate';
import { applicationUrl, bookingAffectedKeys } from './keys';

/**
 * POST /api/applications/{id}/withdraw -> { application }, now withdrawn (final; any seat
 * is freed). 409 when the application is already final.
 */
export async function withdrawApplication(applicationId: string): Promise<Application> {
  const url = `${applicationUrl(applicationId)}/withdraw`;
  return (await apiJson<{ application: Application }>('POST', url)).application;
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () => invalidateAll(queryClient, bookingAffectedKeys),
  });
}
