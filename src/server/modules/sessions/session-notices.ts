import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/runtime';
import { paths } from '../../../shared/paths';
import { useServerCatalogues } from '../../i18n/catalogues';
import { enqueueMail } from '../mail/mail.service';
import { enqueueSms } from '../sms/sms.service';
import { buildCalendar } from './calendar';
import { sessionMail, sessionSms, type SessionNoticeKind } from './session-copy';
import type { Person, SessionRow } from './sessions.repo';

export type NoticeContext = { config: Config; log: FastifyBaseLogger; now: () => Date };

/** The calendar file of a booking: one event per application, its UID stable, SEQUENCE raised on every change. */
export function bookingCalendar(
  ctx: NoticeContext,
  booking: {
    applicationId: string;
    sequence: number;
    studyTitle: string;
    session: Pick<SessionRow, 'startsAt' | 'durationMinutes' | 'location' | 'meetingUrl'>;
    cancelled?: boolean;
    /** The participant's: the event's description is in their words. */
    language: Language;
  },
): string {
  useServerCatalogues(); // a script may build a calendar without building the app
  const host = new URL(ctx.config.publicUrl).hostname;
  const manage = `${ctx.config.publicUrl}${paths.participantDashboard}`;
  return buildCalendar({
    uid: `${booking.applicationId}@${host}`,
    sequence: booking.sequence,
    startsAt: booking.session.startsAt,
    durationMinutes: booking.session.durationMinutes,
    title: booking.studyTitle,
    location: booking.session.location,
    meetingUrl: booking.session.meetingUrl,
    description: translate(booking.language, 'mail', 'session.calendarManage', { url: manage }),
    organizer: { name: 'InsightLab', email: ctx.config.mailFrom },
    ...(booking.cancelled ? { cancelled: true } : {}),
    now: ctx.now(),
  });
}

const WITH_CALENDAR: readonly SessionNoticeKind[] = ['booked', 'changed', 'cancelled'];

/**
 * Queues the mail (with the calendar file where it helps) and the SMS of one session
 * event for one person, in the caller's transaction: they exist if and only if the
 * change committed.
 */
export async function notifyBooking(
  tx: DbOrTx,
  ctx: NoticeContext,
  kind: SessionNoticeKind,
  n: {
    person: Person;
    studyTitle: string;
    session: SessionRow;
    applicationId: string;
    sequence: number;
    offerExpiresAt?: Date;
    noShow?: { count: number; limit: number; windowDays: number };
  },
): Promise<void> {
  const calendar = WITH_CALENDAR.includes(kind)
    ? bookingCalendar(ctx, {
        applicationId: n.applicationId,
        sequence: n.sequence,
        studyTitle: n.studyTitle,
        session: n.session,
        cancelled: kind === 'cancelled',
        language: n.person.language,
      })
    : undefined;
  const notice = {
    person: n.person,
    studyTitle: n.studyTitle,
    session: n.session,
    dashboardUrl: `${ctx.config.publicUrl}${paths.participantDashboard}`,
    ...(calendar ? { calendar } : {}),
    ...(n.offerExpiresAt ? { offerExpiresAt: n.offerExpiresAt } : {}),
    ...(n.noShow ? { noShow: n.noShow } : {}),
    contactEmail: ctx.config.contact.email,
  };
  await enqueueMail(tx, sessionMail(kind, notice), {
    smtpConfigured: ctx.config.smtpUrl !== undefined,
    log: ctx.log,
  });
  // Migration 0008 leaves a phone it could not read, or one another participant keeps, as
  // typed: no SMS can go there, and its refusal must not undo the booking or stop a batch.
  if (!STORED_E164.test(n.person.phone)) {
    ctx.log.warn({ kind: `session-${kind}` }, 'session SMS skipped: the phone is not in E.164');
    return;
  }
  await enqueueSms(
    tx,
    { to: n.person.phone, body: sessionSms(kind, notice), kind: `session-${kind}` },
    {
      log: ctx.log,
    },
  );
}

/** The form enqueueSms takes (sms.service); anything else is a number left as typed. */
const STORED_E164 = /^\+[1-9]\d{6,14}$/;
