import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  mailFrom: string | undefined;
  rcptTo: string[];
  /** The message as sent after DATA: headers and body, not decoded. */
  raw: string;
  /** The user name the client signed in with, when it did. */
  user: string | undefined;
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message the server accepted, in order. */
  messages: ReceivedMail[];
  /** Rejects the next `count` messages at the end of DATA with `responseCode` (451: try later). */
  failNext(count: number, responseCode?: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server on the loopback interface for tests: plain text (no
 * STARTTLS), accepts any sign-in or none, and keeps what it receives.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const failures: number[] = [];

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        const responseCode = failures.shift();
        if (responseCode !== undefined) {
          const error = new Error(
            responseCode >= 500 ? 'Message refused' : 'Try again later',
          ) as Error & {
            responseCode: number;
          };
          error.responseCode = responseCode;
          callback(error);
          return;
        }
        const from = session.envelope.mailFrom;
        messages.push({
          mailFrom: from ? from.address : undefined,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback(null);
      });
    },
  });
  // A client that drops its connection must not fail the test run.
  server.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    failNext(count, responseCode = 451) {
      for (let i = 0; i < count; i++) failures.push(responseCode);
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
