import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { Settings } from '@/shared/schemas/settings';
import type { Stats } from '@/shared/schemas/stats';

/** The same key and answer as the participant pages' notices, so a change shows everywhere. */
const settingsPath = '/api/settings';
/** Owned by the stats feature (same key, same raw answer); read here for the participant count. */
const statsPath = '/api/stats';

type SettingsAnswer = { settings: Settings };

/** GET /api/settings: `{ settings: { studiesOpen } }` (anyone may read it). */
export async function getSettings(): Promise<SettingsAnswer> {
  const response = await apiRequest('GET', settingsPath);
  return (await response.json()) as SettingsAnswer;
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: [settingsPath], queryFn: getSettings });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/**
 * PUT /api/settings (admins) -> `{ settings, announced }`: `announced` is how many
 * participants the switch to open e-mailed (through the outbox), 0 otherwise.
 */
export async function saveSettings(
  settings: Settings,
): Promise<SettingsAnswer & { announced: number }> {
  const response = await apiRequest('PUT', settingsPath, { settings });
  return (await response.json()) as SettingsAnswer & { announced: number };
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = settingsQueryOptions();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKey, { settings });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** How many participants are registered (GET /api/stats), for the "will be e-mailed" warning. */
export function useParticipantCount(): number | undefined {
  const stats = useQuery({
    queryKey: [statsPath],
    queryFn: async () => {
      const response = await apiRequest('GET', statsPath);
      return (await response.json()) as Partial<Record<keyof Stats, unknown>> | null;
    },
  });
  const count = stats.data?.participantCount;
  return typeof count === 'number' ? count : undefined;
}
