import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import { participantKeys } from '@/client/api/participants/keys';
import type { Consent, ConsentUpdate } from '@/shared/schemas/recruiting';
import { consentKeys } from './keys';

/** PUT /api/me/consent: accept the current terms and notice, or change a mail choice. */
export function updateConsent(input: ConsentUpdate): Promise<{ consent: Consent }> {
  return apiJson('PUT', consentKeys.path, input);
}

export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsent,
    onSuccess: (answer) => {
      queryClient.setQueryData(consentKeys.mine, answer);
      // The profile carries `inviteOptIn` too.
      void queryClient.invalidateQueries({ queryKey: participantKeys.all });
    },
  });
}
