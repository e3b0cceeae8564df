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
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** True when the database could not be reached (503, not 500). */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (/Connection terminated|PGlite is closed/i.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What may be logged of an error: Drizzle's message carries the SQL parameters
 * (which may be a password hash or personal data), so only the driver's own
 * error, its code and the stack are kept.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const pg = pgErrorOf(error);
  if ('query' in error || pg) {
    return {
      type: error.name,
      code: pg?.code,
      constraint: pg?.constraint,
      message: pg ? pg.message : 'query failed',
      stack: error.stack?.split('\n').slice(1).join('\n'),
    };
  }
  return { type: error.name, message: error.message, stack: error.stack };
}
