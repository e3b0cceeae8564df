import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminProfileSchema,
  adminSchema,
  adminStatusSchema,
  createAdminSchema,
} from '../../../shared/schemas/admins';
import { changePasswordSchema } from '../../../shared/schemas/auth';
import { messageBody, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin, requireStepUp, requireSuperAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { AdminsService } from './admins.service';

export async function adminsRoutes(app: FastifyInstance, opts: { admins: AdminsService }) {
  const r = withZod(app);

  r.get(
    '/api/admin/list',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: z.object({ admins: z.array(adminSchema) }) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { admins: await opts.admins.list() };
    },
  );

  /** Needs a code entered in the last 5 minutes (step-up, decisions.md section 11). */
  r.post(
    '/api/admin/create',
    {
      preValidation: [requireSuperAdmin, requireStepUp],
      schema: { body: createAdminSchema, response: { 201: z.object({ admin: adminSchema }) } },
    },
    async (request, reply) => {
      const { username, password, role } = request.body;
      const admin = await opts.admins.create(
        { email: username, password, role },
        requestContext(request),
      );
      return reply.status(201).send({ admin });
    },
  );

  /** An admin changes their own password here too; the current one is always needed. */
  r.put(
    '/api/admin/:id/password',
    {
      preValidation: requireAdmin,
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        params: uuidParam('id'),
        body: changePasswordSchema,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      const auth = request.auth!;
      await opts.admins.changeOwnPassword(
        { id: auth.user.id, sessionIdHash: auth.sessionIdHash },
        request.params.id,
        request.body,
        requestContext(request),
      );
      return { message: 'Password changed' };
    },
  );

  r.put(
    '/api/admin/profile',
    {
      preValidation: requireAdmin,
      config: { rateLimit: app.rateLimits.writes },
      schema: { body: adminProfileSchema, response: { 200: z.object({ admin: adminSchema }) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = request.auth!;
      return {
        admin: await opts.admins.updateProfile(
          { id: auth.user.id, sessionIdHash: auth.sessionIdHash },
          request.body,
          requestContext(request),
        ),
      };
    },
  );

  /**
   * A super admin disables or re-enables an admin (decisions.md section 4), with step-up
   * (section 11) both ways: re-enabling gives an account its access back, as creating one
   * does (docs/decisions/035-admin-second-factor.md).
   */
  r.put(
    '/api/admin/:id/status',
    {
      preValidation: [requireSuperAdmin, requireStepUp],
      schema: {
        params: uuidParam('id'),
        body: adminStatusSchema,
        response: { 200: z.object({ admin: adminSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        admin: await opts.admins.setStatus(
          request.auth!.user.id,
          request.params.id,
          request.body.status,
          requestContext(request),
        ),
      };
    },
  );
}
