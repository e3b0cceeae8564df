import type { Database } from '../../src/server/db/client';

type QueryFn = (...args: unknown[]) => Promise<unknown>;

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
