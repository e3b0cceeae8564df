import type { FastifyInstance } from 'fastify';
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

/** A path parameter that must be a uuid; anything else is 400 before any query runs. */
export const uuidParam = (name: string) =>
  z.object({ [name]: z.uuid({ error: 'Not a valid id' }) }) as z.ZodObject<Record<string, z.ZodUUID>>;
