import type { Database } from '../../src/server/db/client';

/** A driver's query: a promise, or (node-postgres given a callback) nothing. */
type QueryFn = (...args: unknown[]) => Promise<unknown> | undefined;

/** node-postgres takes a config object ({ text }), PGlite the SQL string. */
const textOf = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: unknown }).text ?? '');

/** What node-postgres raises when the server ends the connection (pg_terminate_backend). */
export const lostConnection = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });

/**
 * Makes the database driver (node-postgres' pool or PGlite) fail one query as a lost
 * server would: the (skip + 1)-th query that `matches` rejects with `error`; every other
 * query runs. Drizzle wraps the failure as it would a real one. Returns the undo.
 */
export function failQuery(
  database: Database,
  matches: (text: string, params: unknown[]) => boolean,
  { skip = 0, error = lostConnection() }: { skip?: number; error?: Error } = {},
): () => void {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  let seen = 0;
  let fired = false;
  client.query = function (this: unknown, ...args: unknown[]) {
    const params = Array.isArray(args[1]) ? (args[1] as unknown[]) : [];
    if (!fired && matches(textOf(args[0]), params) && seen++ >= skip) {
      fired = true;
      return Promise.reject(error);
    }
    return original.apply(this, args);
  };
  return () => {
    client.query = original;
  };
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Makes the database lost for every statement but those `keep` lets through (say the
 * session lookup, so that a request gets past sign-in to its own queries), on either driver
 * and inside transactions too: pool queries, a checked-out client's queries (BEGIN and
 * ROLLBACK still run, so the client goes back to the pool), and PGlite's transactions.
 * Returns the undo.
 */
export function loseDatabase(
  database: Database,
  keep: (text: string) => boolean = () => false,
): () => void {
  return failStatements(database, (text) =>
    TRANSACTION_CONTROL.test(text) || keep(text) ? undefined : lostConnection(),
  );
}

/**
 * Makes the first statement that `matches` fail with `error` (say a deadlock, 40P01), on
 * either driver and inside transactions too, as loseDatabase does; every other statement
 * runs. Returns the undo.
 */
export function failOnceEverywhere(
  database: Database,
  matches: (text: string) => boolean,
  error: Error,
): () => void {
  let fired = false;
  return failStatements(database, (text) => {
    if (fired || TRANSACTION_CONTROL.test(text) || !matches(text)) return undefined;
    fired = true;
    return error;
  });
}

/**
 * Makes every statement that `matches` (its text and parameters) fail with `error`, on
 * either driver and inside transactions too: a row that always breaks what reads it.
 * Returns the undo.
 */
export function failEverywhere(
  database: Database,
  matches: (text: string, params: unknown[]) => boolean,
  error: () => Error,
): () => void {
  return failStatements(database, (text, params) =>
    !TRANSACTION_CONTROL.test(text) && matches(text, params) ? error() : undefined,
  );
}

/** node-postgres takes (config with values) or (text, values), PGlite (text, params). */
const paramsOf = (args: unknown[]): unknown[] => {
  if (Array.isArray(args[1])) return args[1] as unknown[];
  const values = (args[0] as { values?: unknown } | undefined)?.values;
  return Array.isArray(values) ? values : [];
};

/** Patches every way a statement reaches the database: `fail` names the error, or lets it run. */
function failStatements(
  database: Database,
  fail: (text: string, params: unknown[]) => Error | undefined,
): () => void {
  type Queryable = { query: QueryFn };
  const client = (database.db as unknown as { $client: Queryable & Record<string, unknown> })
    .$client;
  const guard = (original: QueryFn) =>
    function (this: unknown, ...args: unknown[]) {
      const error = fail(textOf(args[0]), paramsOf(args));
      if (!error) return original.apply(this, args);
      // The pool's own query calls its checked-out client's with a callback, and waits on it.
      const callback = args[args.length - 1];
      if (typeof callback === 'function') {
        queueMicrotask(() => (callback as (e: Error) => void)(error));
        return undefined;
      }
      return Promise.reject(error);
    };
  const undo: (() => void)[] = [];
  const patch = (owner: Record<string, unknown>, key: string, value: unknown) => {
    const original = owner[key];
    owner[key] = value;
    undo.push(() => {
      owner[key] = original;
    });
  };

  patch(client, 'query', guard(client.query));
  if (typeof client.transaction === 'function') {
    // PGlite: its transaction hands the callback a handle of its own.
    const transaction = client.transaction as (fn: (tx: Queryable) => unknown) => unknown;
    patch(client, 'transaction', function (this: unknown, fn: (tx: Queryable) => unknown) {
      return transaction.call(this, (tx: Queryable) => {
        tx.query = guard(tx.query.bind(tx));
        return fn(tx);
      });
    });
  }
  if (typeof client.connect === 'function') {
    // node-postgres: a transaction checks a client out of the pool (the pool's own query
    // does too, with a callback).
    const connect = client.connect as (...args: unknown[]) => Promise<Queryable>;
    const guarded = new WeakSet<Queryable>();
    const guardClient = (checkedOut: Queryable) => {
      if (guarded.has(checkedOut)) return;
      guarded.add(checkedOut);
      const original = checkedOut.query;
      checkedOut.query = guard(original);
      undo.push(() => {
        checkedOut.query = original;
      });
    };
    patch(client, 'connect', function (this: unknown, ...args: unknown[]) {
      const callback = args[0];
      if (typeof callback === 'function')
        return connect.call(this, (error: unknown, checkedOut?: Queryable, ...rest: unknown[]) => {
          if (checkedOut) guardClient(checkedOut);
          (callback as (...a: unknown[]) => void)(error, checkedOut, ...rest);
        });
      return connect.call(this).then((checkedOut) => {
        guardClient(checkedOut);
        return checkedOut;
      });
    });
  }
  return () => {
    for (const step of undo.reverse()) step();
  };
}
