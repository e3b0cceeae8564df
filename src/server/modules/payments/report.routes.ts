import type { FastifyInstance } from 'fastify';
import { payoutReportQuerySchema, payoutReportSchema } from '../../../shared/schemas/payout-report';
import { sendCsv } from '../../lib/csv-export';
import { withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import type { PaymentReportService } from './report.service';

/** The reconciliation report (decisions.md section 11), on screen and as CSV: admins. */
export async function paymentReportRoutes(
  app: FastifyInstance,
  opts: { report: PaymentReportService },
) {
  const r = withZod(app);

  r.get(
    '/api/payouts/report',
    {
      preValidation: requireAdmin,
      schema: { querystring: payoutReportQuerySchema, response: { 200: payoutReportSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return opts.report.report(request.query);
    },
  );

  r.get(
    '/api/payouts/report.csv',
    { preValidation: requireAdmin, schema: { querystring: payoutReportQuerySchema } },
    async (request, reply) => {
      const { filename, stream } = await opts.report.reportCsv(request.query);
      return sendCsv(reply, filename, stream);
    },
  );
}
