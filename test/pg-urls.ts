export const BASE_DB_NAME = 'app_test_base';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The server's maintenance connection: the URL's own database is used to create and drop others. */
export function adminUrl(url: string): string {
  return url;
}
