import { say } from '../../shared/schemas/fields';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A Fastify instance whose route schemas are zod schemas. */
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;
export const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const messageBody = z.object({ message: z.string() });

/** A 403 of a step-up route (decisions.md section 11): says whether a code or an enrolment is needed. */
export const stepUpRefusalBody = errorBody.extend({
  stepUp: z.boolean().optional(),
  enrolRequired: z.boolean().optional(),
});

/** A path parameter that must be a uuid; anything else is 400 before any query runs. */
export function uuidParam<K extends string>(name: K) {
  return z.object({ [name]: z.uuid({ error: say('invalidId') }) } as Record<K, z.ZodUUID>);
}

/**
 * Sends JSON that was serialised (and shaped by its mapper) ahead of time, e.g.
 * a cached public answer; Fastify sends a string as it is, skipping the schema.
 */
export function sendJsonText(reply: FastifyReply, json: string) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
