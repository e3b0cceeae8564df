import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { RequestStatus } from '@/shared/schemas/options';
import { type LeadApi, leadKeys } from './keys';

/** PUT {path}/{id}/status -> the moved lead. */
export async function updateLeadStatus<R>(
  api: LeadApi,
  { id, status }: { id: string; status: RequestStatus },
): Promise<R> {
  const url = `${api.path}/${encodeURIComponent(id)}/status`;
  return (await apiJson<Record<string, R>>('PUT', url, { status }))[api.itemKey] as R;
}

/**
 * A move the state machine does not allow (decisions.md section 5) is 409 with the
 * server's reason; the list may then be stale (moved in another tab), so it is
 * refreshed either way.
 */
export function useMoveLead<R>(api: LeadApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: { id: string; status: RequestStatus }) => updateLeadStatus<R>(api, move),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.all(api) }),
  });
}
