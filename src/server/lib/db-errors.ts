export type PgError = Error & { code: string; constraint?: string };

/**
 * The PostgreSQL error behind a failure, if any. Drizzle wraps driver errors
 * (DrizzleQueryError, whose message holds the SQL), so the SQLSTATE is looked
 * for along the `cause` chain; node-postgres and PGlite both put it in `code`.
 */
export function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown, constraintPart?: string): boolean {
  const pg = pgErrorOf(error);
  return (
    pg?.code === '23505' &&
    (constraintPart === undefined || (pg.constraint ?? '').includes(constraintPart))
  );
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown: pg_terminate_backend
  '57P02',
  '57P03',
  '53300',
]);

/**
 * node-postgres reports a lost or frozen server as plain Errors without a code: the socket
 * closed under a query, its own query_timeout, or the pool's connection timeout.
 */
const CONNECTION_MESSAGES =
  /Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i;

/** True when the database could not be reached or did not answer in time (503, not 500). */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08/.test(code))) return true;
    if (CONNECTION_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The driver's own error behind a failure: Drizzle wraps it in an error whose message
 * is the SQL and its parameters ("Failed query: ...\nparams: ..."), so that wrapper is
 * skipped along the `cause` chain.
 */
function driverErrorOf(error: Error): Error {
  let current: Error = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown }).cause;
    const isWrapper = 'query' in current || 'params' in current;
    if (!isWrapper || !(cause instanceof Error)) return current;
    current = cause;
  }
  return current;
}

/**
 * A data exception (SQLSTATE class 22) quotes the value it refused, in its message
 * ('invalid input syntax for type uuid: "…"'): the value is left out.
 */
const withoutValues = (pg: PgError) =>
  pg.code.startsWith('22') ? pg.message.replace(/"[\s\S]*"/, '"[value]"') : pg.message;

/** Stack frames only: the first lines of a stack repeat the message, which can span lines. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * What may be logged of an error. A database error is logged as its driver code and
 * message only: no stack (Drizzle's first stack lines carry the SQL parameters, which may
 * be a password hash, a token or personal data), no `detail`, `where`, `query` or
 * `params`. Any other error keeps its stack frames.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error was thrown' };
  const pg = pgErrorOf(error);
  const driver = driverErrorOf(error);
  if (pg || driver !== error || 'query' in error) {
    const code = pg?.code ?? (driver as { code?: unknown }).code;
    return {
      type: driver.name,
      ...(typeof code === 'string' ? { code } : {}),
      ...(pg?.constraint ? { constraint: pg.constraint } : {}),
      message: pg ? withoutValues(pg) : 'query' in driver ? 'query failed' : driver.message,
    };
  }
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message,
    stack: framesOf(error.stack),
  };
}

/**
 * An error safe to hand to code that logs it whole (Fastify logs a stream's error with
 * every property): the driver's code and message, and a cause-free stack of our own.
 */
export function redactedDbError(error: unknown): Error {
  const safe = loggableError(error);
  const redacted = new Error(String(safe.message));
  redacted.name = String(safe.type);
  if (typeof safe.code === 'string') Object.assign(redacted, { code: safe.code });
  return redacted;
}
