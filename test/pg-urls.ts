export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The server's maintenance connection: the URL's own database is used to create and drop others. */
export function adminUrl(url: string): string {
  return url;
}

/**
 * Every database a test run creates starts with its run's prefix, so two runs
 * on one server (two developers, a CI run beside a local one) never touch each
 * other's databases.
 */
export const runPrefix = (runId: string) => `app_test_${runId}_`;
export const baseDbName = (runId: string) => `${runPrefix(runId)}base`;
