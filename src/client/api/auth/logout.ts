import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api';
import { activeLanguage } from '@/shared/i18n/runtime';
import { localizedPath, paths } from '@/shared/paths';
import type { SessionAnswer } from '@/shared/schemas/auth';
import { clearStoredUser } from '@/client/lib/stored-user';
import { sessionKeys } from './keys';

/** POST /api/auth/logout: ends the session on the server (204). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/**
 * Spec section 4: a failed logout call is only logged; the local records are
 * cleared anyway and the page is reloaded at home, so no state survives.
 */
export async function logoutEverywhere(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.warn('Logout request failed; clearing the local session anyway.', error);
  }
  clearStoredUser();
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutEverywhere,
    onSuccess: () => {
      queryClient.setQueryData<SessionAnswer>(sessionKeys.session, { user: null, userType: null });
      // Home in the language the page speaks, so signing out keeps it.
      window.location.href = localizedPath(paths.home, activeLanguage());
    },
  });
}
