import { useT } from '@/client/i18n/language';
import type { StudySession } from '@/shared/schemas/sessions';
import { useSessionLength, useSessionWhen } from './session-facts';

/**
 * One session to choose among others (a native radio: arrow keys move, Space picks): its
 * time is the label, its length, place and seats describe it. The label's overlay makes the
 * whole box the target, so a tap on the place or the seats (on a phone, most of it) picks it.
 */
export function SessionOption({
  session,
  name,
  checked,
  onChoose,
}: {
  session: StudySession;
  name: string;
  checked: boolean;
  onChoose: (id: string) => void;
}) {
  const t = useT('dashboard');
  const when = useSessionWhen();
  const length = useSessionLength();
  const id = `${name}-${session.id}`;
  return (
    <div className="relative flex items-start gap-3 rounded-lg border p-3 has-checked:border-primary has-checked:bg-primary/5">
      <input
        type="radio"
        name={name}
        value={session.id}
        id={id}
        checked={checked}
        onChange={() => onChoose(session.id)}
        aria-describedby={`${id}-details`}
        className="relative z-10 mt-0.5 size-4 shrink-0 accent-primary"
      />
      <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
        <label
          htmlFor={id}
          className="cursor-pointer font-medium after:absolute after:inset-0 after:rounded-lg"
        >
          {when(session)}
        </label>
        <p id={`${id}-details`} className="text-muted-foreground wrap-anywhere">
          {length(session.durationMinutes)}
          {' · '}
          {session.mode === 'in_person' ? session.location : t('booking.remote')}
          {' · '}
          {t('booking.seatsLeft', { count: session.seatsLeft })}
        </p>
      </div>
    </div>
  );
}
