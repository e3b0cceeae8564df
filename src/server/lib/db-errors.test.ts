import { describe, expect, it } from 'vitest';
import { isConnectionError, loggableError, redactedDbError } from './db-errors';

/** What Drizzle throws: its message is the SQL and its parameters; the driver's error is the cause. */
function drizzleError(cause: Error, params: unknown[] = ['tok_secret']) {
  return Object.assign(
    new Error(`Failed query: select * from t where a = $1\nparams: ${params.join(',')}`, {
      cause,
    }),
    { query: 'select * from t where a = $1', params },
  );
}
const pgError = (code: string, message: string, extra: object = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('isConnectionError: the database is not there or not in time (503)', () => {
  it.each([
    ['statement_timeout', pgError('57014', 'canceling statement due to statement timeout')],
    [
      'pg_terminate_backend',
      pgError('57P01', 'terminating connection due to administrator command'),
    ],
    ['too many connections', pgError('53300', 'sorry, too many clients already')],
    ['connection failure (class 08)', pgError('08006', 'connection failure')],
    ['a reset socket', pgError('ECONNRESET', 'read ECONNRESET')],
    ['the server gone mid-query', new Error('Connection terminated unexpectedly')],
    ["pg's own query_timeout", new Error('Query read timeout')],
    ["the pool's connection timeout", new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
  ])('%s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
    expect(isConnectionError(drizzleError(error))).toBe(true);
  });

  it('not for a constraint or a bad value', () => {
    expect(isConnectionError(drizzleError(pgError('23505', 'duplicate key')))).toBe(false);
    expect(isConnectionError(drizzleError(pgError('22P02', 'invalid input')))).toBe(false);
  });
});

describe('loggableError', () => {
  it('keeps a database error to its driver code and message: no stack, detail or parameters', () => {
    const error = drizzleError(
      pgError('23502', 'null value in column "phone" violates not-null constraint', {
        detail: 'Failing row contains (tok_secret)',
        where: 'tok_secret',
      }),
    );
    const logged = loggableError(error);
    expect(logged).toEqual({
      type: 'Error',
      code: '23502',
      message: 'null value in column "phone" violates not-null constraint',
    });
    expect(JSON.stringify(logged)).not.toContain('tok_secret');
  });

  it('leaves out the value a data exception quotes in its message', () => {
    const error = drizzleError(
      pgError('22P02', 'invalid input syntax for type uuid: "tok_secret"'),
    );
    expect(loggableError(error).message).toBe('invalid input syntax for type uuid: "[value]"');
  });

  it('keeps only the frames of any other error, never the message lines above them', () => {
    const error = new Error('first line\nsecond line with tok_secret');
    const logged = loggableError(error);
    expect(logged.stack).toMatch(/^\s+at /);
    expect(String(logged.stack)).not.toContain('tok_secret');
  });

  it('redactedDbError keeps the code (so it still answers 503) and nothing else', () => {
    const redacted = redactedDbError(drizzleError(new Error('Connection terminated unexpectedly')));
    expect(isConnectionError(redacted)).toBe(true);
    expect(
      JSON.stringify({ ...redacted, message: redacted.message, stack: redacted.stack }),
    ).not.toContain('tok_secret');
  });
});
