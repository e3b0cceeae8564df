import type { Transporter } from 'nodemailer';

/** One outbox row, as the transport needs it. */
export type MailMessage = {
  /** The outbox id; becomes the Message-ID, so a receiver can drop a duplicate of an at-least-once resend. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** An iCalendar file to send along (invite.ics), or none. */
  calendar?: string | null;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058), or none. */
  headers?: Record<string, string> | null;
};

export interface MailTransport {
  /** Resolves once the server accepted the message; rejects (preferably with a MailSendError) otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A failed send, with a message that is safe to log and to store: it never
 * holds the SMTP URL or its credentials.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    /** The server refused this message or recipient for good (5xx on RCPT TO or DATA): retrying gets the same answer. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/**
 * How many messages go out at once. The worker claims as many rows per batch
 * and sends them in parallel over this many pooled connections, so a batch
 * finishes within the socket timeouts below, well inside the claim's lock.
 */
export const SMTP_CONNECTIONS = 5;

type NodemailerFailure = Error & {
  code?: string;
  command?: string;
  responseCode?: number;
  permanent?: boolean;
};

/** Nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const secrets = secretsOf(smtpUrl);
  // nodemailer is loaded only by a process that sends mail.
  const transporter: Promise<Transporter> = import('nodemailer').then(({ default: nodemailer }) => {
    const created = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      // The outbox retries with back-off; a requeue inside the pool would only stretch a send past its lock.
      maxRequeues: 0,
      idleTimeout: 30_000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    // A pooled connection can fail while idle; without a listener that would crash the process.
    created.on('error', () => {});
    return created;
  });
  const messageIdDomain = domainOf(from);

  return {
    async send(message) {
      try {
        await (
          await transporter
        ).sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === null ? {} : { html: message.html }),
          ...(message.calendar ? { attachments: [invite(message.calendar)] } : {}),
          ...(message.headers ? { headers: safeHeaders(message.headers) } : {}),
          messageId: `<${message.id}@${messageIdDomain}>`,
        });
      } catch (error) {
        throw toMailSendError(error, secrets);
      }
    },
    close() {
      void transporter.then(
        (created) => created.close(),
        () => {},
      );
    },
  };
}

/**
 * The calendar file as an ordinary attachment, typed with the METHOD it carries. Not
 * nodemailer's icalEvent: that also makes the file an alternative body of the mail, so
 * Outlook shows a meeting request whose body is the event's DESCRIPTION instead of our
 * text (and nodemailer itself warns of blank messages in some clients); the letter is the
 * message here, the file goes with it.
 */
function invite(calendar: string) {
  const method = /^METHOD:(REQUEST|CANCEL|PUBLISH)\r?$/m.exec(calendar)?.[1] ?? 'PUBLISH';
  return {
    filename: 'invite.ics',
    content: calendar,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * Extra headers as stored, minus anything that could break out of its line (CR, LF) or
 * replace what the transport itself sets.
 */
const RESERVED = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'message-id', 'date', 'sender']);
function safeHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9-]{1,60}$/.test(name) || RESERVED.has(name.toLowerCase())) continue;
    if (typeof value !== 'string' || /[\r\n]/.test(value)) continue;
    out[name] = value;
  }
  return out;
}

function toMailSendError(error: unknown, secrets: string[]): MailSendError {
  const failure = (error instanceof Error ? error : new Error(String(error))) as NodemailerFailure;
  let text = failure.code ? `${failure.code}: ${failure.message}` : failure.message;
  for (const secret of secrets) text = text.split(secret).join('[redacted]');
  const refusedForGood =
    failure.permanent === true && (failure.command === 'RCPT TO' || failure.command === 'DATA');
  return new MailSendError(text, refusedForGood);
}

/** The URL and its user name and password, raw and decoded: none of them may reach a log or the database. */
function secretsOf(smtpUrl: string): string[] {
  const secrets = new Set([smtpUrl]);
  try {
    const url = new URL(smtpUrl);
    for (const part of [url.username, url.password]) {
      if (part.length >= 3) {
        secrets.add(part);
        secrets.add(decodeURIComponent(part));
      }
    }
  } catch {
    // config.ts has already checked the URL; nothing more to hide if it does not parse.
  }
  return [...secrets].sort((a, b) => b.length - a.length);
}

function domainOf(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
}
