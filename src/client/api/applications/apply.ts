import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, getApiErrorDetails } from '@/client/lib/api';
import { invalidateAll } from '@/client/api/invalidate';
import { settingsKeys } from '@/client/api/settings/keys';
import { studyKeys } from '@/client/api/studies/keys';
import type { Application, ApplyInput } from '@/shared/schemas/applications';
import { applicationsQueryOptions } from './get-applications';
import { applicationKeys } from './keys';

/**
 * POST /api/applications -> 201 { application } with status `interested`, or `disqualified`
 * with a kind `message` when a screener answer rules the applicant out.
 * 400: answers that do not fit the screener (field errors by question id).
 * 403: not eligible (the profile does not fit) or blocked.
 * 409: already applied, studies postponed (the notice's words) or 'Study is full'.
 */
export function apply(input: ApplyInput): Promise<{ application: Application; message?: string }> {
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
    // A 409 means the page is stale: applied in another tab, studies postponed meanwhile, or
    // the study filled up; a 403, that the study no longer fits the profile. Bring the
    // applications, the setting and the studies up to date.
    onError: (error) => {
      const status = getApiErrorDetails(error).status;
      const conflict = status === 409 || status === 403;
      void invalidateAll(
        queryClient,
        conflict ? [queryKey, settingsKeys.all, studyKeys.active] : [queryKey],
      );
    },
  });
}
