import { getApiErrorDetails } from './api';

/**
 * What to say when the request got no answer (`status` undefined) or the server failed
 * (5xx): neither is the user's doing. Undefined for any other status.
 */
export function unansweredMessage(status: number | undefined): string | undefined {
  if (status === undefined) {
    return 'We could not reach the server. Check your connection and try again.';
  }
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return undefined;
}

/**
 * A sentence for a failed request: what kind of failure it was when the server was
 * not reached or failed, else the server's own message, else `fallback`.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  const { status, message } = getApiErrorDetails(error);
  return unansweredMessage(status) ?? message ?? fallback;
}
