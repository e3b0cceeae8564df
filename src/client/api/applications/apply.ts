import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Application, ApplyInput } from '@/shared/schemas/applications';
import { applicationsQueryOptions } from './get-applications';
import { applicationKeys } from './keys';

/**
 * POST /api/applications -> 201 { application } with status `interested`.
 * 409: 'You have already applied to this test' or 'This test is not accepting applications'.
 */
export function apply(input: ApplyInput): Promise<{ application: Application }> {
  return apiJson('POST', applicationKeys.path, input);
}

export function useApply() {
  const queryClient = useQueryClient();
  const { queryKey } = applicationsQueryOptions();
  return useMutation({
    mutationFn: apply,
    onSuccess: ({ application }) => {
      // Shown at once (the badge replaces the button), then confirmed by the server.
      queryClient.setQueryData(queryKey, (old) => ({
        applications: [
          application,
          ...(old?.applications ?? []).filter((a) => a.id !== application.id),
        ],
      }));
      void queryClient.invalidateQueries({ queryKey });
    },
    // A 409 may mean the list here is stale (applied in another tab): bring it up to date.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
