import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  payoutConfigSchema,
  payoutPreviewSchema,
  payoutReleaseSchema,
  payoutSchema,
} from '../../../shared/schemas/payouts';
import { sendCsv } from '../../lib/csv-export';
import { errorBody, stepUpRefusalBody, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin, requireStepUp } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { PayoutsService } from './payouts.service';

const guarded = { 401: errorBody, 403: errorBody };
const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
const darajaAnswer = z.object({ ResultCode: z.number(), ResultDesc: z.string() });

/**
 * Payouts (decisions.md section 11): release pending payments, follow a release, the bulk
 * file of the manual path, and M-Pesa's result and timeout callbacks.
 */
export async function payoutsRoutes(app: FastifyInstance, opts: { payouts: PayoutsService }) {
  const r = withZod(app);

  r.get(
    '/api/payouts/config',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'How payments are paid out: manual or M-Pesa, and the per-transaction limits',
        response: { 200: payoutConfigSchema, ...guarded },
      },
    },
    async () => opts.payouts.info(),
  );

  r.post(
    '/api/payouts/preview',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'What a release would send: count, total and what stands in the way (admins)',
        body: payoutReleaseSchema,
        response: {
          200: payoutPreviewSchema,
          400: errorBody,
          ...guarded,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.payouts.preview(request.body);
    },
  );

  r.post(
    '/api/payouts',
    {
      // Money leaves: a second-factor code entered in the last 5 minutes (section 11).
      preValidation: [requireAdmin, requireStepUp],
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        summary:
          'Release pending payments (admins, with a second-factor code); 409 if one is not pending',
        body: payoutReleaseSchema,
        response: {
          202: z.object({
            payout: z.object({ id: z.string(), count: z.number().int(), amount: z.string() }),
          }),
          400: errorBody,
          401: errorBody,
          403: stepUpRefusalBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => {
      const payout = await opts.payouts.release(request.body, requestContext(request));
      return reply.code(202).send({ payout });
    },
  );

  r.get(
    '/api/payouts',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'The latest payouts with their progress (admins)',
        response: { 200: z.object({ payouts: z.array(payoutSchema) }), ...guarded },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { payouts: await opts.payouts.list() };
    },
  );

  r.get(
    '/api/payouts/:id',
    {
      preValidation: requireAdmin,
      config: { accessLog: 'debug' },
      schema: {
        summary: 'One payout and its progress, polled while it is paid (admins)',
        params: uuidParam('id'),
        response: {
          200: z.object({ payout: payoutSchema }),
          400: errorBody,
          ...guarded,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { payout: await opts.payouts.get(request.params.id) };
    },
  );

  r.get(
    '/api/payouts/:id/bulk.csv',
    { preValidation: requireAdmin, schema: { params: uuidParam('id') } },
    async (request, reply) => {
      const { filename, stream } = await opts.payouts.bulkCsv(request.params.id);
      return sendCsv(reply, filename, stream);
    },
  );

  for (const kind of ['result', 'timeout'] as const) {
    r.post(
      `/api/payouts/mpesa/${kind}/:token`,
      {
        // The token is a secret: the access log names the route, not the URL.
        config: { redactUrl: true },
        schema: {
          summary: `M-Pesa's ${kind} callback (per attempt, unguessable token); always answers Accepted`,
          params: z.object({ token: z.string().max(200) }),
          response: { 200: darajaAnswer, 403: darajaAnswer },
        },
      },
      async (request, reply) => {
        if (!opts.payouts.callbackAllowed(request.ip)) {
          request.log.warn({ ip: request.ip }, 'payout callback from a refused address');
          return reply.code(403).send({ ResultCode: 1, ResultDesc: 'Forbidden' });
        }
        await opts.payouts.callback(kind, request.params.token, request.body);
        return ACCEPTED;
      },
    );
  }
}
