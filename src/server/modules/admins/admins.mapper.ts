import type { Admin } from '../../../shared/schemas/admins';
import type { AdminRow } from '../accounts/users.repo';

/** The only way an admin row leaves the server: no password hash, no reset token. */
export function toAdmin(row: AdminRow): Admin {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    username: row.username,
    phone: row.phone,
    role: row.role,
    isActive: row.isActive,
    status: row.isActive ? 'active' : 'disabled',
    twoFactorEnabled: row.totpEnabledAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
