import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { Settings } from '@/shared/schemas/settings';
import type { SettingsAnswer } from './get-studies-open';
import { settingsKeys } from './keys';

/**
 * PUT /api/settings (admins) -> `{ settings, announced }`: `announced` is how many
 * participants the switch to open e-mailed (through the outbox), 0 otherwise.
 */
export function saveSettings(settings: Settings): Promise<SettingsAnswer & { announced: number }> {
  return apiJson('PUT', settingsKeys.path, { settings });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ settings }) => {
      queryClient.setQueryData<SettingsAnswer>(settingsKeys.all, { settings });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
