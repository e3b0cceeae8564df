import crypto from 'node:crypto';

/** A random 256-bit token for a cookie or a link. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What is stored instead of the token: a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
