import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Admin, AdminProfile, AdminStatus } from '../../../shared/schemas/admins';
import { messages } from '../../../shared/schemas/fields';
import type { AdminRole } from '../../../shared/schemas/options';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import type { AccountsService } from '../accounts/accounts.service';
import { hashPassword, isCommonPassword } from '../accounts/passwords';
import { deleteUserSessions } from '../accounts/sessions.repo';
import { emailInUse, type AdminRow } from '../accounts/users.repo';

export function toAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    username: row.username,
    phone: row.phone,
    role: row.role as AdminRole,
    isActive: row.isActive,
    status: row.isActive ? 'active' : 'disabled',
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewAdmin = { email: string; password: string; role: AdminRole };

/** Creates an admin (route, CLI or start-up bootstrap); the username is the e-mail. */
export async function createAdmin(db: Db, input: NewAdmin, ctx: RequestContext): Promise<AdminRow> {
  const email = input.email.trim().toLowerCase();
  if (isCommonPassword(input.password))
    throw badRequest('Please choose a stronger password', { password: messages.passwordTooCommon });
  const passwordHash = await hashPassword(input.password);
  const taken = () =>
    conflict('An account with this email already exists', {
      username: 'An account with this email already exists',
    });
  try {
    return await db.transaction(async (tx) => {
      if (await emailInUse(tx, email)) throw taken();
      const [row] = await tx
        .insert(admins)
        .values({ email, username: email, passwordHash, role: input.role })
        .returning();
      await recordAudit(tx, ctx, {
        action: 'admin.create',
        resource: 'admin',
        resourceId: row!.id,
        details: { email, role: input.role },
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function listAdmins(db: Db): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(desc(admins.createdAt));
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
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

const EMAIL_TAKEN = 'An account with this email already exists';

/**
 * PUT /api/admin/profile: an admin's own names, e-mail (also the username) and phone. A new
 * e-mail needs the current password (counted like a sign-in), voids reset links, ends the
 * admin's other sessions and is announced to the old address. The phone is not checked
 * against anyone's (decisions.md section 8).
 */
export async function updateAdminProfile(
  db: Db,
  accounts: Pick<AccountsService, 'confirmEmailChange' | 'emailChanged'>,
  who: { id: string; sessionIdHash: string | undefined },
  input: AdminProfile,
  ctx: RequestContext,
): Promise<AdminRow> {
  const admin = { id: who.id, type: 'admin' as const };
  const [before] = await db.select().from(admins).where(eq(admins.id, who.id)).limit(1);
  if (!before) throw notFound('Admin not found');
  const emailChanges = input.email !== before.email.toLowerCase();
  if (emailChanges) await accounts.confirmEmailChange(admin, input.currentPassword, ctx);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(admins).where(eq(admins.id, who.id)).for('update');
      if (!current) throw notFound('Admin not found');
      if (emailChanges && (await emailInUse(tx, input.email)))
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const [row] = await tx
        .update(admins)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          username: input.email,
          phone: input.phone,
        })
        .where(eq(admins.id, who.id))
        .returning();
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
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'email') || isUniqueViolation(error, 'username'))
      throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/**
 * PUT /api/admin/{id}/status: a super admin disables or re-enables an admin. Disabling ends
 * every session of theirs in the same transaction; nobody disables themselves, and the last
 * enabled super admin stays enabled (409). The enabled super admins are locked first, in one
 * order, so two super admins disabling each other at once cannot both succeed.
 */
export async function setAdminStatus(
  db: Db,
  actorId: string,
  targetId: string,
  status: AdminStatus,
  ctx: RequestContext,
): Promise<AdminRow> {
  const disabling = status === 'disabled';
  if (disabling && targetId === actorId) throw conflict('You cannot disable your own account');
  return db.transaction(async (tx) => {
    const enabledSuperAdmins = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, 'super_admin'), eq(admins.isActive, true)))
      .orderBy(asc(admins.id))
      .for('update');
    const [target] = await tx.select().from(admins).where(eq(admins.id, targetId)).for('update');
    if (!target) throw notFound('Admin not found');
    if (
      disabling &&
      target.isActive &&
      target.role === 'super_admin' &&
      enabledSuperAdmins.length <= 1
    )
      throw conflict('The last enabled super admin cannot be disabled');
    const [row] = await tx
      .update(admins)
      .set({ isActive: !disabling })
      .where(eq(admins.id, targetId))
      .returning();
    if (disabling) await deleteUserSessions(tx, { id: targetId, type: 'admin' });
    if (target.isActive === disabling)
      await recordAudit(tx, ctx, {
        action: disabling ? 'admin.disable' : 'admin.enable',
        resource: 'admin',
        resourceId: targetId,
        details: { email: target.email },
      });
    return row!;
  });
}
