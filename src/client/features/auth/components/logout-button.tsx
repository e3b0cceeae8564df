import { LogOutIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { useLogout } from '@/client/api/auth/logout';
import { useT } from '@/client/i18n/language';

/** A button that signs out (spec section 4: server call, local clearing, full reload at /). */
export function LogoutButton() {
  const t = useT('common');
  const logout = useLogout();
  return (
    <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
      <LogOutIcon aria-hidden="true" />
      {logout.isPending ? t('account.loggingOut') : t('account.logout')}
    </Button>
  );
}
