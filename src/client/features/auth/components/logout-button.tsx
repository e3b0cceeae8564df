import { LogOutIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { useLogout } from '@/client/api/auth/logout';

/** A button that signs out (spec section 4: server call, local clearing, full reload at /). */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
      <LogOutIcon aria-hidden="true" />
      {logout.isPending ? 'Logging out…' : 'Logout'}
    </Button>
  );
}
