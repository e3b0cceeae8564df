import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Admin, AdminProfile, AdminStatus } from '../../../shared/schemas/admins';
import type { z } from 'zod';
import type { changePasswordSchema } from '../../../shared/schemas/auth';
import { messages } from '../../../shared/schemas/fields';
import type { AdminRole } from '../../../shared/schemas/options';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { accountTaken, type AccountsService } from '../accounts/accounts.service';
import { hashPassword, isCommonPassword } from '../accounts/passwords';
import { deleteUserSessions } from '../accounts/sessions.repo';
import { emailInUse, type AdminRow } from '../accounts/users.repo';
import { toAdmin } from './admins.mapper';
import {
  allAdmins,
  countAdmins,
  findAdmin,
  insertAdmin,
  lockAdmin,
  lockEnabledSuperAdmins,
  updateAdmin,
} from './admins.repo';

/** A profile save that would change back an e-mail changed meanwhile (console only). */
export const EMAIL_CHANGED_MEANWHILE =
  'Your e-mail address was changed meanwhile: reload the page and try again';

export type NewAdmin = { email: string; password: string; role: AdminRole };

/** Creates an admin (route, CLI or start-up bootstrap); the username is the e-mail. */
export async function createAdmin(db: Db, input: NewAdmin, ctx: RequestContext): Promise<AdminRow> {
  const email = input.email.trim().toLowerCase();
  if (isCommonPassword(input.password))
    throw badRequest('Please choose a stronger password', {
      password: messages.passwordTooCommon(),
    });
  const passwordHash = await hashPassword(input.password);
  // The admin form names the e-mail `username`.
  const taken = () => accountTaken('email', 'username');
  try {
    return await db.transaction(async (tx) => {
      if (await emailInUse(tx, email)) throw taken();
      const row = await insertAdmin(tx, { email, username: email, passwordHash, role: input.role });
      await recordAudit(tx, ctx, {
        action: 'admin.create',
        resource: 'admin',
        resourceId: row.id,
        details: { email, role: input.role },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** ADMIN_EMAIL / ADMIN_PASSWORD: the first super admin, created only when there is no admin at all. */
export async function bootstrapAdmin(
  db: Db,
  admin: { email: string; password: string } | undefined,
): Promise<'created' | 'exists' | 'not-configured'> {
  if (!admin) return 'not-configured';
  if ((await countAdmins(db)) > 0) return 'exists';
  try {
    await createAdmin(
      db,
      { ...admin, role: 'super_admin' },
      { actor: null, ip: 'startup', userAgent: 'bootstrap' },
    );
    return 'created';
  } catch (error) {
    // Another instance starting at the same moment created it.
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 409)
      return 'exists';
    throw error;
  }
}

export function createAdminsService({
  db,
  accounts,
}: {
  db: Db;
  accounts: Pick<AccountsService, 'confirmEmailChange' | 'emailChanged' | 'changePassword'>;
}) {
  return {
    async list(): Promise<Admin[]> {
      return (await allAdmins(db)).map(toAdmin);
    },

    async create(input: NewAdmin, ctx: RequestContext): Promise<Admin> {
      return toAdmin(await createAdmin(db, input, ctx));
    },

    /** An admin changes their own password only; the current one is always needed. */
    async changeOwnPassword(
      who: { id: string; sessionIdHash: string | undefined },
      targetId: string,
      input: z.output<typeof changePasswordSchema>,
      ctx: RequestContext,
    ): Promise<void> {
      if (targetId !== who.id) throw forbidden('You can only change your own password');
      await accounts.changePassword({ id: who.id, type: 'admin' }, input, who.sessionIdHash, ctx);
    },

    /**
     * PUT /api/admin/profile: an admin's own names, e-mail (also the username) and phone. A new
     * e-mail needs the current password (counted like a sign-in), voids reset links, ends the
     * admin's other sessions and is announced to the old address. The phone is not checked
     * against anyone's (decisions.md section 8).
     */
    async updateProfile(
      who: { id: string; sessionIdHash: string | undefined },
      input: AdminProfile,
      ctx: RequestContext,
    ): Promise<Admin> {
      const admin = { id: who.id, type: 'admin' as const };
      const before = await findAdmin(db, who.id);
      if (!before) throw notFound('Admin not found');
      const emailChanges = input.email !== before.email.toLowerCase();
      if (emailChanges) await accounts.confirmEmailChange(admin, input.currentPassword, ctx);
      try {
        return await db.transaction(async (tx) => {
          const current = await lockAdmin(tx, who.id);
          if (!current) throw notFound('Admin not found');
          // The password was asked for (or not) on the e-mail read before the lock: one that
          // changed meanwhile is never changed back without it.
          if (!emailChanges && input.email !== current.email.toLowerCase())
            throw conflict(EMAIL_CHANGED_MEANWHILE);
          if (emailChanges && (await emailInUse(tx, input.email))) throw accountTaken('email');
          const row = await updateAdmin(tx, who.id, {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            username: input.email,
            phone: input.phone,
          });
          if (!row) throw notFound('Admin not found');
          if (emailChanges)
            await accounts.emailChanged(tx, admin, current.email, who.sessionIdHash, ctx);
          await recordAudit(tx, ctx, {
            action: 'admin.profile',
            resource: 'admin',
            resourceId: who.id,
            details: {
              fields: (['firstName', 'lastName', 'email', 'phone'] as const).filter(
                (key) => (current[key] ?? null) !== input[key],
              ),
            },
          });
          return toAdmin(row);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'email') || isUniqueViolation(error, 'username'))
          throw accountTaken('email');
        throw error;
      }
    },

    /**
     * PUT /api/admin/{id}/status: a super admin disables or re-enables an admin. Disabling ends
     * every session of theirs in the same transaction; nobody disables themselves, and the last
     * enabled super admin stays enabled (409). The enabled super admins are locked first, in one
     * order, so two super admins disabling each other at once cannot both succeed.
     */
    async setStatus(
      actorId: string,
      targetId: string,
      status: AdminStatus,
      ctx: RequestContext,
    ): Promise<Admin> {
      const disabling = status === 'disabled';
      if (disabling && targetId === actorId) throw conflict('You cannot disable your own account');
      return db.transaction(async (tx) => {
        const enabledSuperAdmins = await lockEnabledSuperAdmins(tx);
        const target = await lockAdmin(tx, targetId);
        if (!target) throw notFound('Admin not found');
        if (
          disabling &&
          target.isActive &&
          target.role === 'super_admin' &&
          enabledSuperAdmins.length <= 1
        )
          throw conflict('The last enabled super admin cannot be disabled');
        const row = await updateAdmin(tx, targetId, { isActive: !disabling });
        if (!row) throw notFound('Admin not found');
        if (disabling) await deleteUserSessions(tx, { id: targetId, type: 'admin' });
        if (target.isActive === disabling)
          await recordAudit(tx, ctx, {
            action: disabling ? 'admin.disable' : 'admin.enable',
            resource: 'admin',
            resourceId: targetId,
            details: { email: target.email },
          });
        return toAdmin(row);
      });
    },
  };
}
export type AdminsService = ReturnType<typeof createAdminsService>;
