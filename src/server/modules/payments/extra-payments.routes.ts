import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  extraPaymentOptionsSchema,
  extraPaymentSchema,
} from '../../../shared/schemas/extra-payments';
import { paymentSchema } from '../../../shared/schemas/payments';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { ExtraPaymentsService } from './extra-payments.service';

/**
 * Extra payments (decisions.md section 11): staff add a show-up fee, a transport refund, a
 * bonus or another payment to an application. The body's amount limit is the configured
 * payout limit (config.payouts.maxAmount), so its message names it.
 */
export async function extraPaymentsRoutes(
  app: FastifyInstance,
  opts: { extraPayments: ExtraPaymentsService },
) {
  const r = withZod(app);

  r.get(
    '/api/applications/:id/payments',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), response: { 200: extraPaymentOptionsSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.extraPayments.options(request.params.id);
    },
  );

  r.post(
    '/api/applications/:id/payments',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: extraPaymentSchema(app.config.payouts.maxAmount),
        response: { 201: z.object({ payment: paymentSchema }) },
      },
    },
    async (request, reply) => {
      const payment = await opts.extraPayments.add(
        request.params.id,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send({ payment });
    },
  );
}
