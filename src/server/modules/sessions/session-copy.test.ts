import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/catalogues/en/mail.json';
import sw from '../../../shared/i18n/catalogues/sw/mail.json';
import { languages, type Language } from '../../../shared/i18n/languages';
import { fitsOneSms, isGsm7, smsLength } from '../../../shared/rules/sms';
import {
  formatSessionTime,
  plainSmsText,
  sessionMail,
  sessionNoticeKinds,
  sessionSms,
  type SessionNotice,
  type SessionNoticeKind,
} from './session-copy';

// 14:00 EAT on Tuesday 1 December 2026.
const startsAt = new Date('2026-12-01T11:00:00Z');

function notice(
  language: Language,
  overrides: Partial<Omit<SessionNotice, 'session'>> & {
    session?: Partial<SessionNotice['session']>;
  } = {},
): SessionNotice {
  const { session, ...rest } = overrides;
  return {
    person: {
      email: 'amina@example.com',
      phone: '+254712345678',
      firstName: 'Amina',
      language,
    },
    studyTitle: 'Mobile money habits',
    session: {
      startsAt,
      durationMinutes: 60,
      mode: 'in_person',
      location: 'Westlands Office',
      meetingUrl: null,
      ...session,
    },
    dashboardUrl: 'https://insightlab.example/participant/dashboard',
    offerExpiresAt: new Date('2026-11-30T13:00:00Z'), // 16:00 EAT
    noShow: { count: 1, limit: 3, windowDays: 365 },
    contactEmail: 'team@insightlab.example',
    ...rest,
  };
}

const remote = {
  mode: 'remote',
  location: null,
  meetingUrl: 'https://meet.example.com/abc-defg-hij',
} as const;

/** Kinds whose SMS says where the session is (a cancelled or missed one needs no place). */
const namesPlace: SessionNoticeKind[] = [
  'booked',
  'changed',
  'reminder-24h',
  'reminder-2h',
  'seat-offered',
];

const day = { en: 'Tue 1 Dec', sw: 'Jumanne 1 Des' } as const;

/** Only the GSM-7 basic table: one character each, nothing that makes the SMS UCS-2. */
const basicGsm7 = (text: string) => [...text].every((c) => isGsm7(c) && smsLength(c) === 1);

describe('formatSessionTime', () => {
  it('writes the day and time in Nairobi, in English and Kiswahili', () => {
    expect(formatSessionTime(startsAt, 'en')).toEqual({ day: 'Tue 1 Dec', time: '14:00' });
    expect(formatSessionTime(startsAt, 'sw')).toEqual({ day: 'Jumanne 1 Des', time: '14:00' });
  });

  it('crosses midnight as Nairobi does, not as UTC does', () => {
    // 22:30 UTC on 1 December is 01:30 EAT on 2 December.
    expect(formatSessionTime(new Date('2026-12-01T22:30:00Z'), 'en')).toEqual({
      day: 'Wed 2 Dec',
      time: '01:30',
    });
    expect(formatSessionTime(new Date('2026-12-01T22:30:00Z'), 'sw')).toEqual({
      day: 'Jumatano 2 Des',
      time: '01:30',
    });
    expect(formatSessionTime(new Date('2026-12-01T20:59:00Z'), 'en')).toEqual({
      day: 'Tue 1 Dec',
      time: '23:59',
    });
    expect(formatSessionTime(new Date('2026-12-01T21:00:00Z'), 'en')).toEqual({
      day: 'Wed 2 Dec',
      time: '00:00',
    });
    // New Year in Nairobi while it is still the old year in UTC.
    expect(formatSessionTime(new Date('2026-12-31T21:15:00Z'), 'en')).toEqual({
      day: 'Fri 1 Jan',
      time: '00:15',
    });
  });
});

describe('sessionSms', () => {
  const longTitle =
    `Utafiti wa tabia za malipo ya simu na akiba ${'ya kila siku '.repeat(20)}`.slice(0, 200);
  const longLocation =
    `InsightLab, Westlands Business Centre, ${'Ring Road Parklands, '.repeat(20)}`.slice(0, 300);

  for (const language of languages) {
    for (const kind of sessionNoticeKinds) {
      it(`${language} ${kind}: one GSM-7 SMS naming the study, day, time${namesPlace.includes(kind) ? ' and place' : ''}`, () => {
        const text = sessionSms(kind, notice(language));
        expect(fitsOneSms(text), text).toBe(true);
        expect(basicGsm7(text), text).toBe(true);
        expect(text).toContain('Mobile money habits');
        expect(text).toContain(day[language]);
        expect(text).toContain('14:00 EAT');
        if (namesPlace.includes(kind)) expect(text).toContain('Westlands Office');
        if (kind === 'seat-offered') expect(text).toContain('16:00');
      });

      it(`${language} ${kind}: a 200-character title and a 300-character place still fit, shortened with "..."`, () => {
        const text = sessionSms(
          kind,
          notice(language, { studyTitle: longTitle, session: { location: longLocation } }),
        );
        expect(smsLength(text), text).toBeLessThanOrEqual(160);
        expect(fitsOneSms(text), text).toBe(true);
        expect(basicGsm7(text), text).toBe(true);
        expect(text).toContain(longTitle.slice(0, 20));
        expect(text).toContain('...');
        expect(text).toContain(day[language]);
        expect(text).toContain('14:00 EAT');
        if (namesPlace.includes(kind)) expect(text).toContain(longLocation.slice(0, 20));
      });

      it(`${language} ${kind}: remote, a long title and a long link still fit`, () => {
        for (const meetingUrl of [
          remote.meetingUrl,
          `https://meet.example.com/${'x'.repeat(150)}`,
        ]) {
          const text = sessionSms(
            kind,
            notice(language, { studyTitle: longTitle, session: { ...remote, meetingUrl } }),
          );
          expect(fitsOneSms(text), text).toBe(true);
          expect(basicGsm7(text), text).toBe(true);
          expect(text).toContain(longTitle.slice(0, 20));
          expect(text).toContain('14:00 EAT');
        }
      });
    }
  }

  it('gives the meeting link when it fits, and otherwise says it is in the e-mail', () => {
    const short = sessionSms('reminder-2h', notice('en', { session: remote }));
    expect(short).toContain('online');
    expect(short.endsWith(`Link: ${remote.meetingUrl}`)).toBe(true);
    const longUrl = `https://meet.example.com/${'x'.repeat(150)}`;
    const long = sessionSms(
      'reminder-2h',
      notice('en', { session: { ...remote, meetingUrl: longUrl } }),
    );
    expect(long).toContain('online (link in your e-mail)');
    expect(long).not.toContain('https://');
    const swLong = sessionSms(
      'booked',
      notice('sw', { session: { ...remote, meetingUrl: longUrl } }),
    );
    expect(swLong).toContain('mtandaoni (kiungo kiko kwenye barua pepe)');
  });

  it('ends with the dashboard link where the next step is there, when it fits', () => {
    const dashboardUrl = 'https://il.example/d';
    const offered = sessionSms('seat-offered', notice('en', { studyTitle: 'Pesa', dashboardUrl }));
    expect(offered).toContain('Held for you until 16:00.');
    expect(offered.endsWith(`Book it: ${dashboardUrl}`)).toBe(true);
    expect(sessionSms('cancelled', notice('sw', { dashboardUrl }))).toContain(
      `Chagua kingine: ${dashboardUrl}`,
    );
    expect(sessionSms('offer-expired', notice('en', { dashboardUrl }))).toContain(
      `Join the waitlist again: ${dashboardUrl}`,
    );
    // A longer address would cut the title or the place short: the words say where instead.
    const long = sessionSms('seat-offered', notice('en'));
    expect(long).toContain('Held for you until 16:00; book it on your dashboard.');
    expect(long).not.toContain('https://');
  });

  it('shortens the title to keep the link, but never below 30 characters', () => {
    const title = 'T'.repeat(200);
    const text = sessionSms('booked', notice('en', { studyTitle: title, session: remote }));
    const kept = /T+\.\.\./.exec(text)?.[0] ?? '';
    expect(kept.length).toBeGreaterThanOrEqual(30);
    expect(text).toContain(remote.meetingUrl);
  });

  it('writes typed text in plain GSM-7: quotes, dashes, accents and emoji', () => {
    const text = sessionSms(
      'booked',
      notice('en', {
        studyTitle: 'Utafiti wa “Pesa” — ✨ façade [beta] ~ {x}',
        session: { location: 'Kituo cha\r\nJamii, Nairobi' },
      }),
    );
    expect(basicGsm7(text)).toBe(true);
    expect(text).toContain('Utafiti wa "Pesa" - facade (beta) - (x)');
    expect(text).toContain('Kituo cha Jamii, Nairobi');
    expect(plainSmsText('Éléphant café Ñandú ü')).toBe('Éléphant café Ñandu ü');
  });

  it('crosses midnight: a session at 01:30 EAT is on the next day in the SMS', () => {
    const text = sessionSms(
      'reminder-24h',
      notice('en', { session: { startsAt: new Date('2026-12-01T22:30:00Z') } }),
    );
    expect(text).toContain('Wed 2 Dec at 01:30 EAT');
  });

  it('every SMS text in the catalogue is plain GSM-7 (no curly quotes, dashes or emoji)', () => {
    for (const catalogue of [en, sw]) {
      for (const [key, message] of Object.entries(catalogue)) {
        if (!key.startsWith('sms.')) continue;
        const words = message.replace(/\{[^{}]*\}/g, '');
        expect(basicGsm7(words), `${key}: ${message}`).toBe(true);
      }
    }
  });
});

describe('sessionMail', () => {
  it('names the study, the day, the time in EAT and the place; kind session-<kind>', () => {
    for (const language of languages) {
      for (const kind of sessionNoticeKinds) {
        const mail = sessionMail(kind, notice(language));
        expect(mail.kind).toBe(`session-${kind}`);
        expect(mail.to).toBe('amina@example.com');
        expect(mail.text).toContain('Mobile money habits');
        expect(mail.text).toContain(day[language]);
        expect(mail.text).toContain('14:00');
        expect(mail.text).toContain('EAT');
        if (namesPlace.includes(kind)) expect(mail.text).toContain('Westlands Office');
        // The link opens My Applications, where the booking is.
        expect(mail.text).toContain(
          'https://insightlab.example/participant/dashboard?tab=applications',
        );
        expect(mail.html).toContain(
          'href="https://insightlab.example/participant/dashboard?tab=applications"',
        );
        expect(mail.text.startsWith(language === 'en' ? 'Hello Amina,' : 'Habari Amina,')).toBe(
          true,
        );
      }
    }
  });

  it('a remote session gives the meeting link, as text and as a link', () => {
    for (const kind of namesPlace) {
      const mail = sessionMail(kind, notice('sw', { session: remote }));
      expect(mail.text).toContain(remote.meetingUrl);
      expect(mail.text).toContain('mtandaoni');
      expect(mail.html).toContain(`<a href="${remote.meetingUrl}">`);
    }
  });

  it('attaches the calendar file and says so, only when there is one', () => {
    const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    const booked = sessionMail('booked', notice('en', { calendar }));
    expect(booked.calendar).toBe(calendar);
    expect(booked.text).toContain('invite.ics');
    const reminder = sessionMail('reminder-24h', notice('en'));
    expect(reminder.calendar).toBeUndefined();
    expect(reminder.text).not.toContain('invite.ics');
  });

  it('escapes a hostile title, place and link in the HTML, and keeps the subject on one line', () => {
    const hostile = '<script>alert("x")</script> & <b>\r\nBcc: evil@example.com';
    const mail = sessionMail(
      'booked',
      notice('en', {
        studyTitle: hostile,
        person: {
          email: 'a@example.com',
          phone: '+254700000000',
          firstName: '<img src=x onerror=alert(1)>',
          language: 'en',
        },
        session: { location: '<iframe src="https://evil.example">' },
      }),
    );
    expect(mail.html).not.toMatch(/<script|<b>|<img|<iframe/);
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;',
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('<script>alert("x")</script>');

    const link = sessionMail(
      'reminder-2h',
      notice('en', {
        session: { ...remote, meetingUrl: 'https://meet.example.com/a"><script>x</script>' },
      }),
    );
    expect(link.html).not.toContain('<script>');
    expect(link.html).toContain('href="https://meet.example.com/a&quot;&gt;&lt;script&gt;');
  });

  it('keeps the subject within its column with a 200-character title', () => {
    for (const language of languages)
      for (const kind of sessionNoticeKinds) {
        const mail = sessionMail(kind, notice(language, { studyTitle: 'Kikao '.repeat(40) }));
        expect(mail.subject.length).toBeLessThanOrEqual(300);
        expect(mail.text).toContain('Kikao '.repeat(30));
      }
  });

  it('writes the time across midnight as Nairobi does', () => {
    const mail = sessionMail(
      'booked',
      notice('en', { session: { startsAt: new Date('2026-12-01T22:30:00Z') } }),
    );
    expect(mail.text).toContain('When: Wed 2 Dec at 01:30 (Nairobi time, EAT), for 1 hour.');
    expect(mail.subject).toBe("You're booked: Mobile money habits, Wed 2 Dec");
  });

  it('gives the length in hours when whole, as the dashboard does, else in minutes', () => {
    const length = (language: 'en' | 'sw', durationMinutes: number) =>
      sessionMail('booked', notice(language, { session: { durationMinutes } })).text;
    expect(length('en', 120)).toContain('(Nairobi time, EAT), for 2 hours.');
    expect(length('en', 90)).toContain('(Nairobi time, EAT), for 90 minutes.');
    expect(length('sw', 120)).toContain('(saa za Afrika Mashariki, EAT), kwa saa 2.');
    expect(length('sw', 45)).toContain('(saa za Afrika Mashariki, EAT), kwa dakika 45.');
  });

  it('cancelled: staff cancelled it, and another session can be chosen on the dashboard', () => {
    const mail = sessionMail('cancelled', notice('en'));
    expect(mail.text).toContain('our team has had to cancel');
    expect(mail.text).toContain('You are still selected for the study');
    expect(mail.text).toContain('Choose another session: https://insightlab.example/');
  });

  it('seat-offered: held until the time the hold ends, to book on the dashboard', () => {
    const en = sessionMail('seat-offered', notice('en'));
    expect(en.text).toContain('until 16:00 (EAT) on Mon 30 Nov');
    expect(en.text).toContain('book it on your dashboard');
    const sw = sessionMail('seat-offered', notice('sw'));
    expect(sw.text).toContain('hadi saa 16:00 (EAT) Jumatatu 30 Nov');
    expect(() => sessionMail('seat-offered', notice('en', { offerExpiresAt: undefined }))).toThrow(
      /offerExpiresAt/,
    );
  });

  it('offer-expired: the seat passed on, and the waitlist can be joined again', () => {
    const mail = sessionMail('offer-expired', notice('en'));
    expect(mail.text).toContain('gone to the next person on the waitlist');
    expect(mail.text).toContain('join it again from your dashboard');
  });

  it('no-show: the rule with its numbers, how to warn, whom to contact; no blame', () => {
    const note = sessionMail('no-show', notice('en'));
    expect(note.text).toContain('After 3 missed sessions in 365 days, booking pauses');
    expect(note.text).toContain('You have 1 missed session in that time.');
    expect(note.text).toContain('cancel on your dashboard before the cancellation deadline');
    expect(note.text).toContain('team@insightlab.example');
    const paused = sessionMail(
      'no-show',
      notice('sw', { noShow: { count: 3, limit: 3, windowDays: 90 }, contactEmail: null }),
    );
    expect(paused.text).toContain('vipindi 3 vilivyokosekana ndani ya siku 90');
    expect(paused.text).toContain('uwekaji wa nafasi umesimamishwa kwa sasa');
    expect(paused.text).toContain('fomu ya mawasiliano');
    expect(paused.text).not.toContain('@insightlab');
  });
});
