import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { studySchema } from '../../../shared/schemas/studies';
import { sendJsonText, withZod } from '../../lib/route-types';
import type { StudiesService } from './studies.service';

export async function studiesRoutes(app: FastifyInstance, opts: { studies: StudiesService }) {
  const r = withZod(app);

  r.get(
    '/api/tests',
    { schema: { response: { 200: z.object({ tests: z.array(studySchema) }) } } },
    async (request, reply) => {
      if (request.auth?.user.userType === 'admin') {
        reply.header('cache-control', 'no-store');
        return { tests: await opts.studies.listAll() };
      }
      reply.header('cache-control', 'no-cache');
      return sendJsonText(reply, await opts.studies.publicListJson());
    },
  );
}
