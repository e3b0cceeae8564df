import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { isConnectionError, loggableError, pgErrorOf } from '../lib/db-errors';

export type ErrorBody = { message: string; errors?: Record<string, string> };

function fieldErrorsFromValidation(
  validation: { instancePath: string; message?: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (field && !(field in errors)) errors[field] = issue.message ?? 'Invalid value';
  }
  return errors;
}

/** Turns every error into `{ message, errors? }` with the right status; never a stack trace or SQL. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A route may have set a download's headers (CSV) before its stream failed.
    const send = (status: number, body: ErrorBody) =>
      reply
        .removeHeader('content-disposition')
        .status(status)
        .type('application/json; charset=utf-8')
        .send(body);

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: loggableError(error) }, error.message);
      return send(error.statusCode, {
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFromValidation(error.validation);
      const where = error.validationContext ?? 'body';
      const message =
        Object.keys(errors).length > 0
          ? 'Please check the highlighted fields'
          : where === 'body'
            ? 'The request body must be a JSON object'
            : `Invalid ${where}`;
      return send(400, { message, ...(Object.keys(errors).length ? { errors } : {}) });
    }

    // A client that closes its connection mid-body (ECONNRESET "aborted") went away: it is
    // not a database outage, and anyone could otherwise fill the error log with alarms.
    if (request.raw.readableAborted) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client went away');
      return send(400, { message: 'The request was cut off before it ended' });
    }

    // A 4xx that Fastify or a plugin already chose is the client's; socket codes then are too.
    const clientsFault = error.statusCode !== undefined && error.statusCode < 500;
    if (!clientsFault && isConnectionError(error)) {
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      return send(503, { message: 'The service is temporarily unavailable; please try again' });
    }

    const pg = pgErrorOf(error);
    if (pg) {
      if (pg.code === '23505') return send(409, { message: 'This record already exists' });
      if (pg.code === '23503')
        return send(409, { message: 'A related record is missing or still in use' });
      if (pg.code === '23514' || pg.code === '22001' || pg.code === '22003')
        return send(400, { message: 'A value is out of the allowed range' });
      if (pg.code === '22P02') return send(400, { message: 'A value has the wrong format' });
      if (pg.code === '40001' || pg.code === '40P01')
        return send(409, { message: 'The record changed at the same time; please try again' });
    }

    const status = error.statusCode ?? 500;
    if (status === 429)
      return send(429, {
        message: error.message || 'Too many requests. Please wait a minute and try again.',
      });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return send(400, { message: 'The request body is not valid JSON' });
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return send(400, { message: 'The request body must be a JSON object' });
    if (status === 413) return send(413, { message: 'The request is too large' });
    if (status === 415) return send(415, { message: 'Unsupported content type' });
    if (status >= 400 && status < 500)
      return send(status, { message: error.message || 'Bad request' });

    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return send(500, { message: 'Something went wrong on our side. Please try again.' });
  });
});
