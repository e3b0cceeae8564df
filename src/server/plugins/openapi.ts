import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { site } from '../../shared/site';

/** The OpenAPI description of every route, generated from the same zod schemas, at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${site.name} API`,
        description:
          'Sessions are an httpOnly cookie set by POST /api/auth/signin. Errors are `{ message, errors? }`.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  // No CSP of its own: the page gets the product's (plugins/security.ts); Swagger UI loads
  // only its own scripts, and the validator badge (an image from another site) is off.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { validatorUrl: null },
  });
});
