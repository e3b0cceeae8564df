/**
 * Signs `account` in through the API of the server at `baseUrl` and returns its session
 * as a Cookie header value. Plain fetch, no vitest: the global set-up uses it too.
 */
export async function signInCookie(
  baseUrl: string,
  account: { email: string; password: string },
): Promise<string> {
  const signedIn = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (signedIn.status !== 200) {
    throw new Error(`sign-in of ${account.email} answered ${signedIn.status}`);
  }
  return signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
