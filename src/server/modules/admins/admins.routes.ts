import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminProfileSchema,
  adminSchema,
  adminStatusSchema,
  createAdminSchema,
} from '../../../shared/schemas/admins';
import { changePasswordSchema } from '../../../shared/schemas/auth';
import { forbidden } from '../../lib/app-error';
import { messageBody, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin, requireSuperAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { AccountsService } from '../accounts/accounts.service';
import {
  createAdmin,
  listAdmins,
  setAdminStatus,
  toAdmin,
  updateAdminProfile,
} from './admins.service';

export async function adminsRoutes(app: FastifyInstance, opts: { accounts: AccountsService }) {
  const r = withZod(app);

  r.get(
    '/api/admin/list',
    {
      preValidation: requireAdmin,
      schema: { response: { 200: z.object({ admins: z.array(adminSchema) }) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { admins: (await listAdmins(app.db)).map(toAdmin) };
    },
  );

  r.post(
    '/api/admin/create',
    {
      preValidation: requireSuperAdmin,
      schema: { body: createAdminSchema, response: { 201: z.object({ admin: adminSchema }) } },
    },
    async (request, reply) => {
      const { username, password, role } = request.body;
      const row = await createAdmin(
        app.db,
        { email: username, password, role },
        requestContext(request),
      );
      return reply.status(201).send({ admin: toAdmin(row) });
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
      if (request.params.id !== auth.user.id)
        throw forbidden('You can only change your own password');
      await opts.accounts.changePassword(
        { id: auth.user.id, type: 'admin' },
        request.body,
        auth.sessionIdHash,
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
      const row = await updateAdminProfile(
        app.db,
        opts.accounts,
        { id: auth.user.id, sessionIdHash: auth.sessionIdHash },
        request.body,
        requestContext(request),
      );
      return { admin: toAdmin(row) };
    },
  );

  /** A super admin disables or re-enables an admin (decisions.md section 4). */
  r.put(
    '/api/admin/:id/status',
    {
      preValidation: requireSuperAdmin,
      schema: {
        params: uuidParam('id'),
        body: adminStatusSchema,
        response: { 200: z.object({ admin: adminSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await setAdminStatus(
        app.db,
        request.auth!.user.id,
        request.params.id,
        request.body.status,
        requestContext(request),
      );
      return { admin: toAdmin(row) };
    },
  );
}
