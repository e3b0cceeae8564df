import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { admins } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Admin } from '../../../shared/schemas/admins';
import { messages } from '../../../shared/schemas/fields';
import type { AdminRole } from '../../../shared/schemas/options';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { hashPassword, isCommonPassword } from '../accounts/passwords';
import { emailInUse, phoneInUse, type AdminRow } from '../accounts/users.repo';

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

/** PUT /api/admin/profile: an admin's own names, e-mail (also the username) and phone. */
export async function updateAdminProfile(
  db: Db,
  id: string,
  input: { firstName: string; lastName: string; email: string; phone: string },
  ctx: RequestContext,
): Promise<AdminRow> {
  const taken = (field: 'email' | 'phone') =>
    conflict(
      `An account with this ${field === 'email' ? 'email' : 'phone number'} already exists`,
      {
        [field]: `An account with this ${field === 'email' ? 'email' : 'phone number'} already exists`,
      },
    );
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
      if (!current) throw notFound('Admin not found');
      if (
        input.email.toLowerCase() !== current.email.toLowerCase() &&
        (await emailInUse(tx, input.email))
      )
        throw taken('email');
      if (input.phone !== current.phone && (await phoneInUse(tx, input.phone)))
        throw taken('phone');
      const [row] = await tx
        .update(admins)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          username: input.email,
          phone: input.phone,
        })
        .where(eq(admins.id, id))
        .returning();
      await recordAudit(tx, ctx, { action: 'admin.profile', resource: 'admin', resourceId: id });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'email') || isUniqueViolation(error, 'username'))
      throw taken('email');
    if (isUniqueViolation(error, 'phone')) throw taken('phone');
    throw error;
  }
}
