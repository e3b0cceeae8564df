import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  paymentListQuerySchema,
  paymentSchema,
  paymentStatusSchema,
  paymentTotalsSchema,
} from '../../../shared/schemas/payments';
import { sendCsv } from '../../lib/csv-export';
import { uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { PaymentsService } from './payments.service';

export async function paymentsRoutes(app: FastifyInstance, opts: { payments: PaymentsService }) {
  const r = withZod(app);

  r.get(
    '/api/payments',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: paymentListQuerySchema,
        response: {
          200: z.object({
            payments: z.array(paymentSchema),
            totals: paymentTotalsSchema,
            nextCursor: z.string().nullable().optional(),
            total: z.number().int().optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.payments.list(request.query);
    },
  );

  r.put(
    '/api/payments/:id/status',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: paymentStatusSchema,
        response: { 200: z.object({ payment: paymentSchema }) },
      },
    },
    async (request) => ({
      payment: await opts.payments.changeStatus(
        request.params.id,
        request.body,
        requestContext(request),
      ),
    }),
  );

  /** A study's payment list as a spreadsheet (spec section 9), streamed. */
  r.get(
    '/api/tests/:id/payments.csv',
    { preValidation: requireAdmin, schema: { params: uuidParam('id') } },
    async (request, reply) => {
      const { filename, stream } = await opts.payments.studyPaymentsCsv(request.params.id);
      return sendCsv(reply, filename, stream);
    },
  );
}
