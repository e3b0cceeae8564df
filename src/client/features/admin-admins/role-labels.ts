import type { AdminRole } from '@/shared/schemas/options';

export const roleLabels: Record<AdminRole, string> = {
  admin: 'Admin',
  super_admin: 'Super admin',
};

export const roleOptions = (Object.keys(roleLabels) as AdminRole[]).map((value) => ({
  value,
  label: roleLabels[value],
}));
