import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Recipients at this domain are refused for good (550), so a mail to them ends up failed in the outbox. */
export const BOUNCING_DOMAIN = 'bounce.test';

export type MailCatcher = { url: string; close(): Promise<void> };

/**
 * The browser tests' SMTP server on loopback: the server under test sends its mail here
 * (SMTP_URL), and each accepted message is written to `dir` as one .eml file, which the
 * specs (other processes) read with `mailTo()`. The server's log is not a mailbox.
 */
export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${BOUNCING_DOMAIN}`)) {
        const refused = new Error('Mailbox unavailable') as Error & { responseCode: number };
        refused.responseCode = 550;
        callback(refused);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        const file = path.join(dir, `${String(++count).padStart(6, '0')}.eml`);
        fs.writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback(null);
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The raw messages delivered to `address` so far, oldest first. */
export function mailTo(dir: string, address: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((raw) => raw.split('\r\n', 1)[0]!.toLowerCase().includes(address.toLowerCase()));
}

/** The reset link of the newest reset mail to `address`, undone from quoted-printable. */
export function resetLinkIn(raw: string): string | undefined {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  return /(https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(decoded)?.[1];
}
