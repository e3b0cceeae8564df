import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import type { ChangePasswordInput } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';

/**
 * Where a password is changed: the dashboard dialog uses the participant's own
 * endpoint (PUT /api/participants/{id}/password), the Admin Management tab the admin's
 * (PUT /api/admin/{id}/password); the settings page uses the account's
 * (PUT /api/participant/password or /api/admin/password). Each needs the current
 * password (decisions.md section 4); a wrong one is 400 with a field message.
 */
export type PasswordTarget =
  { participantId: string } | { adminId: string } | { userType: UserType };

export function passwordUrl(target: PasswordTarget): string {
  if ('participantId' in target)
    return `/api/participants/${encodeURIComponent(target.participantId)}/password`;
  if ('adminId' in target) return `/api/admin/${encodeURIComponent(target.adminId)}/password`;
  return `/api/${target.userType}/password`;
}

export async function changePassword(
  target: PasswordTarget,
  input: ChangePasswordInput,
): Promise<void> {
  await apiRequest('PUT', passwordUrl(target), input);
}

export function useChangePassword(target: PasswordTarget) {
  return useMutation({ mutationFn: (input: ChangePasswordInput) => changePassword(target, input) });
}
