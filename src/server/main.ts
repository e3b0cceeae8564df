import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { writePgliteBackup } from './db/backup';
import { openDatabase } from './db/client';
import { ownerOnlyFromNowOn } from './db/private-files';
import { runMigrations } from './db/migrate';
import { loggableError } from './lib/db-errors';
import { bootstrapAdmin } from './modules/admins/admins.service';
import { deleteExpiredSessions } from './modules/accounts/sessions.repo';
import { deleteStaleFailures } from './modules/accounts/auth-failures.repo';
import { startMailWorker } from './modules/mail/mail.worker';
import { startSmsWorker } from './modules/sms/sms.worker';
import { startSessionsWorker } from './modules/sessions/sessions.worker';
import { startPayoutsWorker } from './modules/payouts/payouts.worker';
import pino from 'pino';

/** config -> database -> migrations -> app -> listen, and a graceful stop on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  // Nothing this process writes (PGlite data, lock, backups) is for other local users.
  ownerOnlyFromNowOn();
  // Asynchronous writes keep logging off the request path (the app logs through this
  // logger too); flushed before exit.
  const destination = pino.destination({ dest: 1, sync: false });
  // A closed stdout (the log's reader went away: EPIPE) must not stop or hang the server;
  // the lines are lost, nothing else is.
  destination.on('error', () => {});
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions, destination);

  const database = await openDatabase(config, log);
  log.info({ database: database.kind }, 'database opened');
  await runMigrations(database);
  const bootstrap = await bootstrapAdmin(database.db, config.admin);
  if (bootstrap === 'created') log.info('first super admin created from ADMIN_EMAIL');
  else if (bootstrap === 'not-configured') {
    log.info('no ADMIN_EMAIL/ADMIN_PASSWORD set; create an admin with `npm run admin:create`');
  }

  // The same logger as the lines above: one asynchronous destination for everything.
  const app = await buildApp({ config, database, loggerInstance: log });
  const mailWorker = startMailWorker({ db: database.db, config, log: app.log });
  const smsWorker = startSmsWorker({ db: database.db, config, log: app.log });
  const sessionsWorker = startSessionsWorker({ sessions: app.sessions, log: app.log });
  const payoutsWorker = startPayoutsWorker({ payouts: app.payouts, log: app.log });
  app.payouts.onRelease(payoutsWorker.nudge);
  const sweeper = setInterval(() => {
    deleteExpiredSessions(database.db).catch((error: unknown) =>
      app.log.warn({ err: loggableError(error) }, 'session sweep failed'),
    );
    // Failure counts untouched for a day (unknown e-mails included) are dropped.
    deleteStaleFailures(database.db, new Date()).catch((error: unknown) =>
      app.log.warn({ err: loggableError(error) }, 'sign-in failure sweep failed'),
    );
  }, 3600_000);
  sweeper.unref();

  let stopping = false;
  /** Logging while stopping never throws: a closed stdout must not keep the process up. */
  const quietly = (write: () => void) => {
    try {
      write();
    } catch {
      // the log's reader is gone
    }
  };
  /**
   * Writes out the buffered log lines and closes the log, within 2 s. Not flushSync:
   * sonic-boom's retries a broken pipe (EPIPE) forever, so a closed stdout would keep the
   * process from exiting. Once closed, the exit hook has nothing left to flush.
   */
  const closeLog = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      destination.once('close', done);
      destination.once('error', done);
      try {
        destination.end();
      } catch {
        done();
      }
    });
  // A backup asked for by SIGUSR2 that is still being written when a stop comes: the
  // database stays open until it is done (closing under it failed the stop, exit 1).
  let backupInFlight: Promise<unknown> = Promise.resolve();
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      quietly(() => app.log.error('shutdown took too long; exiting'));
      process.exit(1);
    }, 25_000);
    force.unref();
    quietly(() => app.log.info({ signal }, 'stopping: no new requests, finishing those in flight'));
    try {
      clearInterval(sweeper);
      await app.close();
      await sessionsWorker.stop();
      await payoutsWorker.stop();
      await mailWorker.stop();
      await smsWorker.stop();
      await backupInFlight;
      await database.close();
      quietly(() => app.log.info('stopped cleanly'));
      await closeLog();
      process.exit(0);
    } catch (error) {
      quietly(() => app.log.error({ err: loggableError(error) }, 'error while stopping'));
      await closeLog();
      process.exit(1);
    }
  };
  if (database.pglite) {
    // `npm run db:backup` asks the running server for a copy, since only it may open the data.
    const pglite = database.pglite;
    process.on('SIGUSR2', () => {
      if (stopping) return;
      backupInFlight = writePgliteBackup(pglite, config.dataDir)
        .then((file) => app.log.info({ file }, 'backup written'))
        .catch((error: unknown) => app.log.error({ err: loggableError(error) }, 'backup failed'));
    });
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
