import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { inLanguageOf } from '../i18n/catalogues';
import { AppError } from '../lib/app-error';
import { isConnectionError, loggableError, pgErrorOf } from '../lib/db-errors';
import { tr } from '../../shared/i18n/runtime';

export type ErrorBody = {
  message: string;
  errors?: Record<string, string>;
  /** An AppError's flags (`twoFactorRequired`, `stepUp`, `enrolRequired`). */
  [flag: string]: unknown;
};

function fieldErrorsFromValidation(
  validation: { instancePath: string; message?: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (field && !(field in errors)) errors[field] = issue.message ?? tr('errors', 'invalidValue');
  }
  return errors;
}

/** The 400 of a part of the request other than the body that fails its schema. */
function invalidPart(where: string): string {
  if (where === 'querystring') return tr('errors', 'invalidQuerystring');
  if (where === 'params') return tr('errors', 'invalidParams');
  if (where === 'headers') return tr('errors', 'invalidHeaders');
  return `Invalid ${where}`;
}

/**
 * Turns every error into `{ message, errors? }` with the right status; never a stack trace or SQL.
 * The handler runs in the request's context, so `tr` answers in its Accept-Language
 * (decisions.md section 13); an AppError was worded in it where it was thrown.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) =>
    inLanguageOf(request.headers, () => answer(error, request, reply)),
  );

  function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    // A route may have set a download's headers (CSV) before its stream failed.
    const send = (status: number, body: ErrorBody) =>
      reply
        .removeHeader('content-disposition')
        .status(status)
        .type('application/json; charset=utf-8')
        .send(body);

    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: loggableError(error) }, error.message);
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return send(error.statusCode, {
        ...error.flags,
        message: error.message,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFromValidation(error.validation);
      const where = error.validationContext ?? 'body';
      // A rule of the whole body (a refine, e.g. "Nothing to update", or a strict body's
      // fields it does not know) says its own words.
      const wholeBodyRule = error.validation.find(
        (issue) =>
          (issue.keyword === 'custom' || issue.keyword === 'unrecognized_keys') &&
          issue.instancePath === '/' &&
          issue.message,
      );
      const message =
        Object.keys(errors).length > 0
          ? tr('errors', 'checkFields')
          : wholeBodyRule?.message
            ? wholeBodyRule.message
            : where === 'body'
              ? tr('errors', 'bodyMustBeObject')
              : invalidPart(where);
      return send(400, { message, ...(Object.keys(errors).length ? { errors } : {}) });
    }

    // A client that closes its connection mid-body (ECONNRESET "aborted") went away: it is
    // not a database outage, and anyone could otherwise fill the error log with alarms.
    if (request.raw.readableAborted) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'client went away');
      return send(400, { message: tr('errors', 'cutOff') });
    }

    // A 4xx that Fastify or a plugin already chose is the client's; socket codes then are too.
    const clientsFault = error.statusCode !== undefined && error.statusCode < 500;
    if (!clientsFault && isConnectionError(error)) {
      request.log.error({ err: loggableError(error) }, 'database unavailable');
      return send(503, { message: tr('errors', 'unavailable') });
    }

    const pg = pgErrorOf(error);
    if (pg) {
      if (pg.code === '23505') return send(409, { message: tr('errors', 'recordExists') });
      if (pg.code === '23503') return send(409, { message: tr('errors', 'relatedRecord') });
      if (pg.code === '23514' || pg.code === '22001' || pg.code === '22003')
        return send(400, { message: tr('errors', 'outOfRange') });
      if (pg.code === '22P02') return send(400, { message: tr('errors', 'wrongFormat') });
      if (pg.code === '40001' || pg.code === '40P01')
        return send(409, { message: tr('errors', 'changedConcurrently') });
    }

    const status = error.statusCode ?? 500;
    if (status === 429)
      return send(429, {
        message: error.message || tr('errors', 'rateLimitedMinute'),
      });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return send(400, { message: tr('errors', 'invalidJson') });
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return send(400, { message: tr('errors', 'bodyMustBeObject') });
    if (status === 413) return send(413, { message: tr('errors', 'tooLarge') });
    if (status === 415) return send(415, { message: tr('errors', 'unsupportedType') });
    if (status >= 400 && status < 500)
      return send(status, { message: error.message || tr('errors', 'badRequest') });

    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return send(500, { message: tr('errors', 'internal') });
  }
});
