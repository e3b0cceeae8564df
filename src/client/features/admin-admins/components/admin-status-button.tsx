import { UserCheckIcon, UserXIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { toastFailure } from '@/client/lib/toast-failure';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { toast } from '@/client/components/ui/use-toast';
import type { Admin } from '@/shared/schemas/admins';
import { useSetAdminStatus } from '@/client/api/admins/set-admin-status';
import { isStepUpCancelled, useStepUp } from '@/client/features/auth/step-up';

/**
 * A super admin's Disable (behind a confirmation: the admin is signed out at once) or
 * Enable button for another admin. The server refuses oneself and the last enabled super
 * admin (409); its message is the toast. Both ways need a fresh second-factor code
 * (step-up): the dialog asks for it, then the change is sent again.
 */
export function AdminStatusButton({ admin, label }: { admin: Admin; label: string }) {
  const setStatus = useSetAdminStatus();
  const withStepUp = useStepUp();
  // Disable and Enable are different buttons: after a change, the new one gets the focus
  // that the old one (now gone) had, instead of the page.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [focusWhen, setFocusWhen] = useState<Admin['status'] | null>(null);
  useEffect(() => {
    // Wait until the row shows the new status, so the focus goes to the new button.
    if (focusWhen === null || focusWhen !== admin.status) return;
    setFocusWhen(null);
    // After the confirmation dialog's own focus return (scheduled as it unmounts).
    setTimeout(() => buttonRef.current?.focus(), 0);
  }, [focusWhen, admin.status]);

  async function change(status: Admin['status']) {
    try {
      // Resolves once the list was fetched again, so the other button is being rendered.
      await withStepUp(() => setStatus.mutateAsync({ id: admin.id, status }));
      setFocusWhen(status);
      toast({
        title: status === 'disabled' ? 'Admin disabled' : 'Admin enabled',
        description:
          status === 'disabled'
            ? `${label} was signed out and can no longer sign in.`
            : `${label} can sign in again.`,
      });
    } catch (error) {
      if (isStepUpCancelled(error)) return true;
      toastFailure(
        status === 'disabled' ? 'Failed to disable admin' : 'Failed to enable admin',
        error,
        'Nothing was changed. Please try again.',
      );
    }
    return true;
  }

  if (admin.status === 'disabled') {
    return (
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        disabled={setStatus.isPending}
        onClick={() => void change('active')}
      >
        <UserCheckIcon aria-hidden="true" />
        Enable
        <span className="sr-only"> {label}</span>
      </Button>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button
          ref={buttonRef}
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
        >
          <UserXIcon aria-hidden="true" />
          Disable
          <span className="sr-only"> {label}</span>
        </Button>
      }
      title={<>Disable {label}?</>}
      description="They are signed out at once and cannot sign in until a super admin enables them again."
      confirmLabel="Disable admin"
      pendingLabel="Disabling…"
      pending={setStatus.isPending}
      onConfirm={() => change('disabled')}
    />
  );
}
