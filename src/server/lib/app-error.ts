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
