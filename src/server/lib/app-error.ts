import { tr } from '../../shared/i18n/runtime';

/**
 * The one error type of the server; the error handler turns it into decisions.md section 3's JSON.
 * Messages a participant or visitor can meet are `tr('errors', ...)` at the throw site: thrown
 * while answering a request, they are already in its language (decisions.md section 13).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fieldErrors?: Record<string, string>,
    /** Sent as Retry-After (a lock's or a limit's seconds left). */
    public readonly retryAfterSeconds?: number,
    /** Sent beside `message`: flags a client acts on (`{ stepUp: true }`, decisions.md section 11). */
    public readonly flags?: Record<string, true>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fieldErrors);
export const unauthorized = (message = tr('errors', 'unauthorized')) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = tr('errors', 'forbidden')) =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = tr('errors', 'notFound')) =>
  new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fieldErrors);

/** 423: locked until `until` (a sign-in lockout); Retry-After says the seconds left, at least 1. */
export const locked = (message: string, until: Date, now: Date) =>
  new AppError(
    423,
    'LOCKED',
    message,
    undefined,
    Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  );
