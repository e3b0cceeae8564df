import { CalendarIcon, ClockIcon, MapPinIcon, UsersIcon, VideoIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '@/client/i18n/language';
import { sessionTimes } from '@/client/lib/format-session-time';
import type { BookedSession } from '@/shared/schemas/sessions';

type SessionLike = Pick<BookedSession, 'startsAt' | 'durationMinutes' | 'mode' | 'location'>;

/** "Monday, 30 November 2026, 10:00 EAT": a session named in one line (toasts, labels). */
export function useSessionWhen() {
  const t = useT('dashboard');
  const language = useLanguage();
  return (session: Pick<BookedSession, 'startsAt' | 'durationMinutes'>) => {
    const { day, start } = sessionTimes(session.startsAt, session.durationMinutes, language);
    return t('booking.at', { day, start });
  };
}

/** A session's length: whole hours as hours, anything else in minutes. */
export function useSessionLength() {
  const t = useT('dashboard');
  return (minutes: number) =>
    minutes % 60 === 0
      ? t('study.hours', { count: minutes / 60 })
      : t('booking.minutes', { count: minutes });
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 wrap-anywhere">{children}</dd>
    </div>
  );
}

const iconClass = 'mt-0.5 size-4 shrink-0 text-muted-foreground';

/**
 * Day, time (Nairobi), length and place of a session. The place of a remote session is
 * "Online session"; its link is shown only where the booking is (`joinLink`).
 */
export function SessionFacts({
  session,
  joinLink,
  seatsLeft,
}: {
  session: SessionLike;
  joinLink?: ReactNode;
  /** Shown when choosing: the seats still free. */
  seatsLeft?: number;
}) {
  const t = useT('dashboard');
  const language = useLanguage();
  const length = useSessionLength();
  const { day, start, end } = sessionTimes(session.startsAt, session.durationMinutes, language);
  return (
    <dl className="grid gap-1.5 text-sm">
      <Fact
        icon={<CalendarIcon className={iconClass} aria-hidden="true" />}
        label={t('booking.whenLabel')}
      >
        <span className="font-medium">{day}</span>
        <br />
        {t('booking.time', { start, end })}
      </Fact>
      <Fact
        icon={<ClockIcon className={iconClass} aria-hidden="true" />}
        label={t('booking.lengthLabel')}
      >
        {length(session.durationMinutes)}
      </Fact>
      {session.mode === 'in_person' ? (
        <Fact
          icon={<MapPinIcon className={iconClass} aria-hidden="true" />}
          label={t('booking.placeLabel')}
        >
          {session.location}
        </Fact>
      ) : (
        <Fact
          icon={<VideoIcon className={iconClass} aria-hidden="true" />}
          label={t('booking.onlineLabel')}
        >
          {joinLink ?? t('booking.remote')}
        </Fact>
      )}
      {seatsLeft !== undefined && (
        <Fact
          icon={<UsersIcon className={iconClass} aria-hidden="true" />}
          label={t('booking.seatsLabel')}
        >
          {t('booking.seatsLeft', { count: seatsLeft })}
        </Fact>
      )}
    </dl>
  );
}
