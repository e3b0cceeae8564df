import { activeLanguage } from '@/shared/i18n/runtime';
import type { QueryFunction } from '@tanstack/react-query';

/**
 * A non-ok answer from the API. Its message is `${status}: ${body or statusText}`
 * (spec sections 7 and 8); `status` and `body` are kept so callers need not parse it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, body, response.statusText);
}

/** Sends a request with the session cookie; a body is sent as JSON. Throws ApiError when not ok. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  // The API answers its messages in the page's language (decisions.md section 13).
  const language = { 'Accept-Language': activeLanguage() };
  const response = await fetch(url, {
    method,
    signal,
    headers: body === undefined ? language : { ...language, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** apiRequest, then the answer's JSON body: its shape is the server's response schema. */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const response = await apiRequest(method, url, body, signal);
  return (await response.json()) as T;
}

export type QueryParams = Record<string, string | number | undefined | null>;

/** `path?key=value&…`, leaving out the parameters that are not set. */
export function withQuery(path: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A mutation whose 401 is an answer, not a lost session (the sign-in's wrong password):
 * `useMutation({ meta: { keepsSessionOn401: true } })`.
 */
export type SessionExpiryMeta = { keepsSessionOn401?: boolean };

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data fetch: a GET to the query key's segments joined by '/', parsed as JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export type ApiErrorDetails = {
  /** The HTTP status, or undefined when the server was not reached. */
  status: number | undefined;
  /** The server's `message`, when it sent one. */
  message: string | undefined;
  /** The server's per-field messages (`errors`), possibly empty. */
  fieldErrors: Record<string, string>;
};

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/**
 * What the server said about a failed request, for a toast or for field errors.
 * Reads an ApiError, or any Error whose message has the `${status}: ${body}` form.
 */
export function getApiErrorDetails(error: unknown): ApiErrorDetails {
  let status: number | undefined;
  let body = '';
  if (error instanceof ApiError) {
    status = error.status;
    body = error.body;
  } else if (error instanceof Error) {
    const match = STATUS_PREFIX.exec(error.message);
    if (match) {
      status = Number(match[1]);
      body = match[2] ?? '';
    }
  }

  const details: ApiErrorDetails = { status, message: undefined, fieldErrors: {} };
  if (!body) return details;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const { message, errors } = parsed as { message?: unknown; errors?: unknown };
      if (typeof message === 'string' && message) details.message = message;
      if (errors && typeof errors === 'object') {
        for (const [field, text] of Object.entries(errors)) {
          if (typeof text === 'string') details.fieldErrors[field] = text;
        }
      }
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): there is no server message to show.
  }
  return details;
}
