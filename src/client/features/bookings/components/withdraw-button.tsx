import { LogOutIcon } from 'lucide-react';
import { useWithdrawApplication } from '@/client/api/bookings/withdraw-application';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { toastFailure } from '@/client/lib/toast-failure';
import type { Application } from '@/shared/schemas/applications';
import { ActionConfirm } from './action-confirm';

/** "Withdraw": leaves the study for good, after a confirmation that says so. */
export function WithdrawButton({
  application,
  onDone,
}: {
  application: Application;
  onDone: () => void;
}) {
  const t = useT('dashboard');
  const withdraw = useWithdrawApplication();
  const title = application.test.title;

  async function confirm() {
    try {
      await withdraw.mutateAsync(application.id);
      toast({
        title: t('booking.withdrawn'),
        description: t('booking.withdrawnDescription', { title }),
      });
      return true;
    } catch (error) {
      toastFailure(t('booking.withdrawFailed'), error, t('tryAgain'));
      return false;
    }
  }

  return (
    <ActionConfirm
      trigger={
        <Button
          variant="ghost"
          className="text-destructive hover:text-destructive"
          aria-label={t('booking.withdrawLabel', { title })}
        >
          <LogOutIcon aria-hidden="true" />
          {t('booking.withdraw')}
        </Button>
      }
      title={t('booking.withdrawTitle')}
      description={t('booking.withdrawDescription', { title })}
      confirmLabel={t('booking.withdrawConfirm')}
      cancelLabel={t('booking.stay')}
      pendingLabel={t('booking.withdrawing')}
      pending={withdraw.isPending}
      onConfirm={confirm}
      onDone={onDone}
    />
  );
}
