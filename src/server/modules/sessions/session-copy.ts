/**
 * What participants are told about their study sessions (decisions.md section 9), by mail
 * and by SMS, in their language (section 13): booked, changed, cancelled by staff, the
 * reminders 24 and 2 hours before, a waitlist seat offered or its hold expired, and the
 * note after a no-show. Worded in the `mail` catalogue (the SMS under `sms.session.`);
 * times in Africa/Nairobi (EAT).
 */
import { type Language, localeOf } from '../../../shared/i18n/languages';
import type { MessageArgs, MessageKey } from '../../../shared/i18n/namespaces';
import { translate } from '../../../shared/i18n/runtime';
import { fitsOneSms, isGsm7, smsLength } from '../../../shared/rules/sms';
import { site } from '../../../shared/site';
import { useServerCatalogues } from '../../i18n/catalogues';
import { escapeHtml } from '../mail/mail-copy';
import type { OutgoingMail } from '../mail/mail.service';

export type SessionNoticeKind =
  | 'booked'
  | 'changed'
  | 'cancelled'
  | 'reminder-24h'
  | 'reminder-2h'
  | 'seat-offered'
  | 'offer-expired'
  | 'no-show';

export const sessionNoticeKinds: readonly SessionNoticeKind[] = [
  'booked',
  'changed',
  'cancelled',
  'reminder-24h',
  'reminder-2h',
  'seat-offered',
  'offer-expired',
  'no-show',
];

export type SessionNotice = {
  person: { email: string; phone: string; firstName: string; language: Language };
  studyTitle: string;
  session: {
    startsAt: Date;
    durationMinutes: number;
    mode: 'in_person' | 'remote';
    location: string | null;
    meetingUrl: string | null;
  };
  /** Where to manage the booking. */
  dashboardUrl: string;
  /** The .ics of booked, changed and cancelled, attached to the mail. */
  calendar?: string;
  /** seat-offered: when the hold ends. */
  offerExpiresAt?: Date;
  /** no-show: the participant's count in the window, and the rule. */
  noShow?: { count: number; limit: number; windowDays: number };
  /** Whom to contact (config.contact.email); without it the texts point to the contact form. */
  contactEmail?: string | null;
};

const TIME_ZONE = 'Africa/Nairobi';

/**
 * The day and time of `startsAt` in Nairobi: en "Tue 1 Dec" "14:00", sw "Jumanne 1 Des"
 * "14:00" (Node's Intl has the Kiswahili names). Put together from the parts, so a
 * change of punctuation in a later ICU cannot reach an SMS's length.
 */
export function formatSessionTime(
  startsAt: Date,
  language: Language,
): { day: string; time: string } {
  const parts = (options: Intl.DateTimeFormatOptions) => {
    const found: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of new Intl.DateTimeFormat(localeOf[language], {
      timeZone: TIME_ZONE,
      ...options,
    }).formatToParts(startsAt))
      found[part.type] = part.value;
    return found;
  };
  const d = parts({ weekday: 'short', day: 'numeric', month: 'short' });
  const t = parts({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return { day: `${d.weekday} ${d.day} ${d.month}`, time: `${t.hour}:${t.minute}` };
}

function say(language: Language, key: MessageKey<'mail'>, args?: MessageArgs): string {
  useServerCatalogues(); // a script may queue mail without building the app
  return translate(language, 'mail', key, args);
}

/** A value typed by staff, on one line: no control characters, no line breaks. */
const oneLine = (value: string) =>
  value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Cut to `max` characters, marking the cut with "..." (plain ASCII: it goes in SMS too). */
function shorten(value: string, max: number): string {
  if (value.length <= max) return value;
  if (max <= 3) return '...'.slice(0, Math.max(max, 0));
  return `${value.slice(0, max - 3).replace(/[\s,;:.-]+$/, '')}...`;
}

/** The longest study title a subject quotes (the column holds 300 characters). */
const SUBJECT_TITLE = 120;

// ---- Mail ------------------------------------------------------------------------------

type Paragraph = string | { text: string; url: string };

/**
 * The dashboard opens on Available Tests, where a booked or offered study shows only its
 * status: a mail's link goes to My Applications, where the booking and its buttons are.
 * (The SMS keep the bare link: every character counts there.)
 */
export function applicationsTabUrl(dashboardUrl: string): string {
  if (!URL.canParse(dashboardUrl)) return dashboardUrl;
  const url = new URL(dashboardUrl);
  if (!url.searchParams.has('tab')) url.searchParams.set('tab', 'applications');
  return url.toString();
}

function sessionLetter(
  kind: SessionNoticeKind,
  n: SessionNotice,
  subject: string,
  paragraphs: Paragraph[],
  link: { label: string; url: string },
): OutgoingMail {
  const { language, firstName } = n.person;
  const linkUrl = applicationsTabUrl(link.url);
  const greeting = firstName
    ? say(language, 'hello', { firstName: oneLine(firstName) })
    : say(language, 'helloThere');
  const signature = `— ${site.name}`;
  const text = [
    greeting,
    ...paragraphs.map((p) => (typeof p === 'string' ? p : `${p.text}\n${p.url}`)),
    `${link.label}: ${linkUrl}`,
    signature,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p>${escapeHtml(p.text)}<br><a href="${escapeHtml(p.url)}">${escapeHtml(p.url)}</a></p>`,
    ),
    `<p><a href="${escapeHtml(linkUrl)}">${escapeHtml(link.label)}</a></p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join('');
  return {
    to: n.person.email,
    kind: `session-${kind}`,
    subject: oneLine(subject),
    text,
    html,
    ...(n.calendar ? { calendar: n.calendar } : {}),
  };
}

/** When, for how long, and where (the place, or the meeting link). */
function whenAndWhere(n: SessionNotice, language: Language): Paragraph[] {
  const { day, time } = formatSessionTime(n.session.startsAt, language);
  // Whole hours as hours ("for 2 hours", as the dashboard says it), else minutes.
  const minutes = n.session.durationMinutes;
  const when =
    minutes % 60 === 0
      ? say(language, 'session.whenHours', { day, time, hours: minutes / 60 })
      : say(language, 'session.when', { day, time, minutes });
  const { mode, location, meetingUrl } = n.session;
  if (mode === 'remote' && meetingUrl)
    return [when, { text: say(language, 'session.whereRemote'), url: meetingUrl }];
  if (mode === 'in_person' && location)
    return [when, say(language, 'session.whereInPerson', { location: oneLine(location) })];
  return [when, say(language, 'session.whereDashboard')];
}

const withContact = (
  n: SessionNotice,
  language: Language,
  keys: { named: MessageKey<'mail'>; none: MessageKey<'mail'> },
) =>
  n.contactEmail
    ? say(language, keys.named, { contactEmail: n.contactEmail })
    : say(language, keys.none);

const cantCome = (n: SessionNotice, language: Language) =>
  withContact(n, language, { named: 'session.cantCome', none: 'session.cantComeNoContact' });

function required<T>(value: T | undefined, what: string, kind: SessionNoticeKind): T {
  if (value === undefined) throw new Error(`A session-${kind} notice needs ${what}`);
  return value;
}

export function sessionMail(kind: SessionNoticeKind, n: SessionNotice): OutgoingMail {
  const { language } = n.person;
  const studyTitle = oneLine(n.studyTitle);
  const subjectTitle = shorten(studyTitle, SUBJECT_TITLE);
  const { day, time } = formatSessionTime(n.session.startsAt, language);
  const dashboard = { label: say(language, 'session.manageLabel'), url: n.dashboardUrl };
  const calendarLine = (key: MessageKey<'mail'>) => (n.calendar ? [say(language, key)] : []);

  switch (kind) {
    case 'booked':
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionBooked.subject', { studyTitle: subjectTitle, day }),
        [
          say(language, 'sessionBooked.intro', { studyTitle }),
          ...whenAndWhere(n, language),
          ...calendarLine('session.calendarAdds'),
          cantCome(n, language),
        ],
        dashboard,
      );
    case 'changed':
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionChanged.subject', { studyTitle: subjectTitle }),
        [
          say(language, 'sessionChanged.intro', { studyTitle }),
          ...whenAndWhere(n, language),
          ...calendarLine('session.calendarUpdates'),
          say(language, 'sessionChanged.notSuit'),
        ],
        dashboard,
      );
    case 'cancelled':
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionCancelled.subject', { studyTitle: subjectTitle }),
        [
          say(language, 'sessionCancelled.intro', { studyTitle, day, time }),
          say(language, 'sessionCancelled.next'),
          ...calendarLine('session.calendarRemoves'),
        ],
        { label: say(language, 'sessionCancelled.linkLabel'), url: n.dashboardUrl },
      );
    case 'reminder-24h':
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionReminder24h.subject', { studyTitle: subjectTitle, day, time }),
        [
          say(language, 'sessionReminder24h.intro', { studyTitle }),
          ...whenAndWhere(n, language),
          cantCome(n, language),
        ],
        dashboard,
      );
    case 'reminder-2h':
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionReminder2h.subject', { studyTitle: subjectTitle, time }),
        [
          say(language, 'sessionReminder2h.intro', { studyTitle }),
          ...whenAndWhere(n, language),
          withContact(n, language, {
            named: 'session.lateOrAbsent',
            none: 'session.lateOrAbsentNoContact',
          }),
        ],
        dashboard,
      );
    case 'seat-offered': {
      const hold = formatSessionTime(required(n.offerExpiresAt, 'offerExpiresAt', kind), language);
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionSeatOffered.subject', { studyTitle: subjectTitle }),
        [
          say(language, 'sessionSeatOffered.intro', {
            studyTitle,
            holdTime: hold.time,
            holdDay: hold.day,
          }),
          ...whenAndWhere(n, language),
          say(language, 'sessionSeatOffered.book'),
        ],
        { label: say(language, 'sessionSeatOffered.linkLabel'), url: n.dashboardUrl },
      );
    }
    case 'offer-expired':
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionOfferExpired.subject', { studyTitle: subjectTitle }),
        [
          say(language, 'sessionOfferExpired.intro', { studyTitle, day, time }),
          say(language, 'sessionOfferExpired.again'),
        ],
        dashboard,
      );
    case 'no-show': {
      const rule = required(n.noShow, 'noShow', kind);
      return sessionLetter(
        kind,
        n,
        say(language, 'sessionNoShow.subject', { studyTitle: subjectTitle }),
        [
          say(language, 'sessionNoShow.intro', { studyTitle, day, time }),
          say(language, 'sessionNoShow.rule', { limit: rule.limit, windowDays: rule.windowDays }),
          rule.count >= rule.limit
            ? say(language, 'sessionNoShow.paused')
            : say(language, 'sessionNoShow.count', { count: rule.count }),
          cantCome(n, language),
          say(language, 'sessionNoShow.thanks'),
        ],
        dashboard,
      );
    }
  }
}

// ---- SMS -------------------------------------------------------------------------------

/** Punctuation that has a plain GSM-7 twin. */
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '`': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '~': '-',
  '^': '',
  '|': '/',
  '\\': '/',
  '\u20ac': 'EUR',
};

/**
 * Text for an SMS in the GSM-7 basic table only: one character is one of the 160, and
 * nothing turns the message into UCS-2 (70 characters). Accents that GSM-7 lacks are
 * dropped (ç -> c), typographic punctuation made plain, anything else left out.
 */
export function plainSmsText(value: string): string {
  let out = '';
  for (const char of oneLine(value)) {
    if (isGsm7(char) && smsLength(char) === 1) out += char;
    else if (char in PLAIN) out += PLAIN[char];
    else {
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      if (bare !== char && [...bare].every((c) => isGsm7(c) && smsLength(c) === 1)) out += bare;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

const SMS_MAX = 160;
/** With a link added, the title and the place each keep at least this much (or all they have). */
const KEEP_WITH_LINK = 30;

/**
 * Room for the title and the place: all they need if both fit, else each half of it, or
 * more for one when the other needs less than its half.
 */
function share(room: number, title: number, place: number): [number, number] {
  if (title + place <= room) return [title, place];
  const half = Math.floor(room / 2);
  if (title <= half) return [title, room - title];
  if (place <= room - half) return [room - place, place];
  return [half, room - half];
}

const SMS_KEY: Record<SessionNoticeKind, MessageKey<'mail'>> = {
  booked: 'sms.session.booked',
  changed: 'sms.session.changed',
  cancelled: 'sms.session.cancelled',
  'reminder-24h': 'sms.session.reminder24h',
  'reminder-2h': 'sms.session.reminder2h',
  'seat-offered': 'sms.session.seatOffered',
  'offer-expired': 'sms.session.offerExpired',
  'no-show': 'sms.session.noShow',
};

/** Where the next step is on the dashboard, the text that ends with its link instead. */
const SMS_DASHBOARD_KEY: Partial<Record<SessionNoticeKind, MessageKey<'mail'>>> = {
  cancelled: 'sms.session.cancelledLink',
  'seat-offered': 'sms.session.seatOfferedLink',
  'offer-expired': 'sms.session.offerExpiredLink',
};

/** Kinds whose SMS may end with the meeting link of a remote session. */
const WITH_MEETING_LINK: readonly SessionNoticeKind[] = [
  'booked',
  'changed',
  'reminder-24h',
  'reminder-2h',
];

/** A link is sent as it is or not at all: made plain, a character of it would change. */
const plainUrl = (url: string) => [...url].every((c) => isGsm7(c) && smsLength(c) === 1);

/**
 * One SMS, always a single GSM-7 message: the study, day, time (EAT) and place, and a link
 * only if it still fits with at least 30 characters of the title and of the place. A long
 * title or place is shortened with "...", each keeping half of the room left, or more
 * when the other needs less.
 */
export function sessionSms(kind: SessionNoticeKind, n: SessionNotice): string {
  const { language } = n.person;
  const sms = (key: MessageKey<'mail'>, args?: MessageArgs) =>
    plainSmsText(say(language, key, args));
  const { day, time } = formatSessionTime(n.session.startsAt, language);
  const holdTime =
    kind === 'seat-offered'
      ? formatSessionTime(required(n.offerExpiresAt, 'offerExpiresAt', kind), language).time
      : '';
  const title = plainSmsText(n.studyTitle);
  const { mode, location, meetingUrl } = n.session;
  const place = mode === 'in_person' && location ? plainSmsText(location) : '';
  const where =
    mode === 'remote'
      ? // An offered seat needs no link until it is booked (the booking's mail has it).
        () =>
          sms(kind === 'seat-offered' ? 'sms.session.whereOnline' : 'sms.session.whereLinkInMail')
      : place
        ? (p: string) => sms('sms.session.whereInPerson', { location: p })
        : () => sms('sms.session.whereDashboard');

  /** The text with the title and place cut to fit, or null when `keep` of them cannot stay. */
  const fit = (options: {
    key: MessageKey<'mail'>;
    where: (place: string) => string;
    url?: string;
    tail?: string;
    keep: number;
  }): string | null => {
    const render = (t: string, p: string) => {
      const core = sms(options.key, {
        studyTitle: t,
        day,
        time,
        holdTime,
        where: options.where(p),
        url: options.url ?? '',
      });
      return options.tail ? `${core} ${options.tail}` : core;
    };
    // Measured with one-letter stand-ins: an empty one would lose its spaces to plainSmsText.
    const sample = render('T', 'P');
    const namesPlace = render('T', 'Q') !== sample;
    const room = SMS_MAX - smsLength(sample) + 1 + (namesPlace ? 1 : 0);
    const placeLength = namesPlace ? place.length : 0;
    const [titleRoom, placeRoom] = share(room, title.length, placeLength);
    const keep = options.keep;
    if (titleRoom < Math.min(title.length, keep) || placeRoom < Math.min(placeLength, keep))
      return null;
    // "Centre..." before the text's own full stop reads as three dots, not four.
    const text = render(shorten(title, titleRoom), shorten(place, placeRoom)).replace(
      /\.{4,}/g,
      '...',
    );
    return fitsOneSms(text) ? text : null;
  };

  const key = SMS_KEY[kind];
  const linkKey = SMS_DASHBOARD_KEY[kind];
  const meeting =
    mode === 'remote' && meetingUrl && plainUrl(meetingUrl) && WITH_MEETING_LINK.includes(kind)
      ? fit({
          key,
          where: () => sms('sms.session.whereOnline'),
          tail: sms('sms.session.meetingLink', { url: meetingUrl }),
          keep: KEEP_WITH_LINK,
        })
      : null;
  const dashboard =
    !meeting && linkKey && plainUrl(n.dashboardUrl)
      ? fit({ key: linkKey, where, url: n.dashboardUrl, keep: KEEP_WITH_LINK })
      : null;
  return (
    meeting ??
    dashboard ??
    fit({ key, where, keep: 0 }) ??
    // Unreachable with the catalogue's texts; never more than one SMS whatever happens.
    shorten(sms(key, { studyTitle: '...', day, time, holdTime, where: '', url: '' }), SMS_MAX)
  );
}
