import { tr } from '@/shared/i18n/runtime';
import { getApiErrorDetails } from './api';

/**
 * What to say when the request got no answer (`status` undefined) or the server failed
 * (5xx): neither is the user's doing. Undefined for any other status. Said in the page's
 * language (a plain function, called from renders and handlers alike: see `tr`).
 */
export function unansweredMessage(status: number | undefined): string | undefined {
  if (status === undefined) return tr('common', 'error.unreachable');
  if (status >= 500) return tr('common', 'error.server');
  return undefined;
}

/**
 * A sentence for a failed request: what kind of failure it was when the server was
 * not reached or failed, else the server's own message (in the page's language, asked
 * with Accept-Language), else `fallback`.
 */
export function errorMessageOf(error: unknown, fallback: string): string {
  const { status, message } = getApiErrorDetails(error);
  return unansweredMessage(status) ?? message ?? fallback;
}
