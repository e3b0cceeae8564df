import { z } from 'zod';
import {
  emailField,
  existingPasswordField,
  hasNoControl,
  isAllowedText,
  LIMITS,
  messages,
  notAllowedMessage,
  phoneField,
  requiredName,
} from './fields';
import { adminRoles } from './options';

const CREATE_ADMIN_MESSAGE = `Please provide valid username and password (min ${LIMITS.passwordMin} characters)`;

/** POST /api/admin/create: the username is an e-mail address (spec section 5). */
export const createAdminSchema = z.object({
  username: z
    .string({ error: CREATE_ADMIN_MESSAGE })
    .refine(hasNoControl, CREATE_ADMIN_MESSAGE)
    .trim()
    .toLowerCase()
    .max(LIMITS.email, CREATE_ADMIN_MESSAGE)
    .pipe(z.email(CREATE_ADMIN_MESSAGE)),
  password: z
    .string({ error: CREATE_ADMIN_MESSAGE })
    .min(LIMITS.passwordMin, CREATE_ADMIN_MESSAGE)
    .max(LIMITS.passwordMax, { error: messages.passwordTooLong })
    .refine((v) => isAllowedText(v, 'line'), { error: notAllowedMessage('Password') }),
  role: z.enum(adminRoles).default('admin'),
});
export type CreateAdminInput = z.input<typeof createAdminSchema>;

/**
 * The create-admin form: the API's rules, but each field says its own message under it
 * (the e-mail's, the password's); the form's toast says the spec's sentence for both.
 */
export const createAdminFormSchema = z.object({
  username: emailField,
  password: z
    .string({ error: messages.password })
    .min(LIMITS.passwordMin, { error: messages.password })
    .max(LIMITS.passwordMax, { error: messages.passwordTooLong })
    .refine((v) => isAllowedText(v, 'line'), { error: notAllowedMessage('Password') }),
  role: z.enum(adminRoles).default('admin'),
});

export const adminSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  role: z.enum(adminRoles),
  isActive: z.boolean(),
  /** `disabled`: cannot sign in, and has no session (PUT /api/admin/{id}/status). */
  status: z.enum(['active', 'disabled']),
  /** Two-step sign-in set up (decisions.md section 11). */
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

export const adminStatuses = ['active', 'disabled'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/** PUT /api/admin/{id}/status (super admins). */
export const adminStatusSchema = z.object({
  status: z.enum(adminStatuses, { error: 'Please choose active or disabled' }),
});

/**
 * PUT /api/admin/profile: an admin's own names, e-mail and phone. The phone is optional
 * ('' removes it); a changed e-mail needs `currentPassword` (decisions.md section 4).
 */
export const adminProfileSchema = z.object({
  firstName: requiredName('First name', messages.firstNameRequired),
  lastName: requiredName('Last name', messages.lastNameRequired),
  email: emailField,
  phone: z
    .union([z.literal(''), phoneField], { error: messages.phone })
    .optional()
    .transform((v) => v || null),
  currentPassword: existingPasswordField(messages.currentPasswordRequired, 'Current password')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type AdminProfileInput = z.input<typeof adminProfileSchema>;
export type AdminProfile = z.output<typeof adminProfileSchema>;
