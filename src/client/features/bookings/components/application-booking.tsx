import { useT } from '@/client/i18n/language';
import { isFinalApplication } from '@/shared/rules/transitions';
import type { Application } from '@/shared/schemas/applications';
import { ChooseSession } from './choose-session';
import { UpcomingSession } from './upcoming-session';
import { WithdrawButton } from './withdraw-button';

/**
 * What a participant can do with one application about its sessions (decisions.md section
 * 9): see and change the booked session, choose one once selected, wait in line, withdraw.
 * `onDone` moves the focus to the application's card after an action changed it.
 */
export function ApplicationBooking({
  application,
  onDone,
}: {
  application: Application;
  onDone: () => void;
}) {
  const t = useT('dashboard');
  const { status, session } = application;
  let block = null;
  if (status === 'scheduled' && session) {
    block = <UpcomingSession application={application} session={session} onDone={onDone} />;
  } else if (status === 'selected') {
    block = <ChooseSession application={application} onDone={onDone} />;
  } else if (status === 'no_show') {
    block = <p className="text-sm text-muted-foreground">{t('booking.noShowNote')}</p>;
  } else if (status === 'withdrawn') {
    block = <p className="text-sm text-muted-foreground">{t('booking.withdrawnNote')}</p>;
  }
  const canWithdraw = !isFinalApplication(status);
  if (!block && !canWithdraw) return null;
  return (
    <div className="mt-3 grid gap-3 border-t pt-3">
      {block}
      {canWithdraw && (
        <div className="flex justify-end">
          <WithdrawButton application={application} onDone={onDone} />
        </div>
      )}
    </div>
  );
}
