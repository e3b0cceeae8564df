import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { site } from '../../shared/site';
import { requireUser } from './guards';

type JsonSchema = Record<string, unknown>;
type Transform = NonNullable<Parameters<typeof jsonSchemaTransform>[0]>;

export const SESSION_SCHEME = 'session';

const messageSchema: JsonSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
  additionalProperties: false,
};
const validationSchema: JsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'object',
      description: 'One message per field, keyed by the field name',
      additionalProperties: { type: 'string' },
    },
  },
  required: ['message'],
  additionalProperties: false,
};
/** An error answer: always JSON, whatever the success answer's content type is. */
const errorAnswer = (description: string, schema = messageSchema): JsonSchema => ({
  description,
  content: { 'application/json': { schema } },
});

const PHOTO_UPLOAD = '/api/participants/:id/upload-photo';
const PHOTO = '/api/participants/:id/photo';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hooksOf = (hooks: RouteOptions['preValidation']): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * What a route can answer besides its success, from how it is built: guards (401, and 403
 * unless any signed-in user passes), input schemas (400), path parameters (404), bodies
 * (413, 415), a rate limit (429), writes (403 cross-site, 409 conflicts), the database (503).
 */
export function errorResponsesOf(
  route: Pick<RouteOptions, 'url' | 'method' | 'preValidation' | 'config'>,
  schema: JsonSchema,
): { responses: Record<string, JsonSchema>; signedIn: boolean } {
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const isWrite = methods.some((m) => WRITE_METHODS.has(m));
  const guards = hooksOf(route.preValidation);
  const signedIn = guards.length > 0;
  const takesBody = schema.body !== undefined || route.url === PHOTO_UPLOAD;
  const takesInput = takesBody || schema.querystring !== undefined || schema.params !== undefined;
  const responses: Record<string, JsonSchema> = {};
  if (takesInput)
    responses[400] = errorAnswer(
      'Invalid input: `errors` holds a message per field (decisions.md section 3)',
      validationSchema,
    );
  if (signedIn || route.url === '/api/auth/signin')
    responses[401] = errorAnswer(
      signedIn ? 'No session: sign in first' : 'Wrong e-mail or password',
    );
  if ((signedIn && guards.some((g) => g !== requireUser)) || isWrite)
    responses[403] = errorAnswer('Not allowed for this account, or a cross-site write');
  if (route.url.includes(':')) responses[404] = errorAnswer('No such record');
  if (isWrite && takesBody && !route.url.startsWith('/api/auth/') && route.url !== PHOTO_UPLOAD)
    responses[409] = errorAnswer('Conflict: duplicate, full, or a change not allowed now');
  if (takesBody) {
    responses[413] = errorAnswer(
      route.url === PHOTO_UPLOAD
        ? 'The photo is over 2 MB or 25 megapixels'
        : 'The body is over 64 KiB',
    );
    responses[415] = errorAnswer(
      route.url === PHOTO_UPLOAD
        ? 'Not a JPG or PNG image, or not multipart/form-data'
        : 'The body is not application/json',
    );
  }
  if (route.url === '/api/auth/signin')
    responses[423] = errorAnswer('Too many failed sign-ins from this address: try again later');
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit) responses[429] = errorAnswer('Too many requests: wait and try again');
  if (route.url !== '/api/health')
    responses[503] = errorAnswer('The database is unavailable: try again shortly');
  return { responses, signedIn };
}

/** Content types other than JSON: the CSV exports, the photo, the multipart upload. */
function withContentTypes(url: string, schema: JsonSchema): JsonSchema {
  const response = { ...(schema.response as Record<string, JsonSchema> | undefined) };
  if (url.endsWith('.csv')) {
    response[200] = {
      description: 'A CSV file (RFC 4180, CRLF), sent as an attachment',
      content: { 'text/csv': { schema: { type: 'string' } } },
    };
    return { ...schema, response };
  }
  if (url === PHOTO) {
    response[200] = {
      description: 'The photo, re-encoded as JPEG (Cache-Control: private, no-store)',
      content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    };
    response[304] = { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' };
    return { ...schema, response };
  }
  if (url === PHOTO_UPLOAD) {
    return {
      ...schema,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        properties: {
          photo: { type: 'string', format: 'binary', description: 'A JPG or PNG of at most 2 MB' },
        },
        required: ['photo'],
      },
    };
  }
  return schema;
}

/**
 * The zod schemas' JSON Schema (constraints such as maxLength included), plus what a client
 * must know to call the route: its error answers, its content types, and whether it needs the
 * session cookie. Routes with no answer schema still list their 200.
 */
const transform = (input: Transform): { schema: JsonSchema; url: string } => {
  const converted = jsonSchemaTransform(input) as { schema?: JsonSchema; url: string };
  const route = input.route as RouteOptions;
  if (converted.schema?.hide) return { url: converted.url, schema: converted.schema };
  const base = withContentTypes(route.url, { ...converted.schema });
  const { responses, signedIn } = errorResponsesOf(route, base);
  const response = { ...(base.response as Record<string, JsonSchema> | undefined) };
  if (!Object.keys(response).some((status) => status.startsWith('2')))
    response[200] = { description: 'Success', type: 'object', additionalProperties: true };
  for (const [status, answer] of Object.entries(responses)) response[status] ??= answer;
  return {
    ...converted,
    schema: {
      ...base,
      response,
      ...(signedIn ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    },
  };
};

/** The OpenAPI description of every route, generated from the same zod schemas, at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${site.name} API`,
        description:
          'Sign in with POST /api/auth/signin: the answer sets the session cookie (`sid`, or ' +
          '`__Host-sid` when the site is served over https), which every signed-in route needs. ' +
          'Errors are JSON `{ message, errors? }`; `errors` maps a field to its message on 400. ' +
          'JSON bodies are at most 64 KiB and 32 levels deep. State-changing requests from ' +
          'another site are refused (403).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sid',
            description: 'Session cookie set at sign-in (`__Host-sid` on https sites)',
          },
        },
      },
    },
    transform,
  });
  // No CSP of its own: the page gets the product's (plugins/security.ts); Swagger UI loads
  // only its own scripts, and the validator badge (an image from another site) is off.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { validatorUrl: null },
  });
});
