import { z } from 'zod';
import { isAllowedText, LIMITS, notAllowedMessage } from './fields';
import { adminRoles } from './options';

const CREATE_ADMIN_MESSAGE = 'Please provide valid username and password (min 6 characters)';

/** POST /api/admin/create: the username is an e-mail address (spec section 5). */
export const createAdminSchema = z.object({
  username: z
    .string({ error: CREATE_ADMIN_MESSAGE })
    .trim()
    .toLowerCase()
    .max(LIMITS.email, CREATE_ADMIN_MESSAGE)
    .pipe(z.email(CREATE_ADMIN_MESSAGE)),
  password: z
    .string({ error: CREATE_ADMIN_MESSAGE })
    .min(LIMITS.passwordMin, CREATE_ADMIN_MESSAGE)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`)
    .refine((v) => isAllowedText(v, 'line'), notAllowedMessage('Password')),
  role: z.enum(adminRoles).default('admin'),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

export const adminSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  role: z.enum(adminRoles),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;
