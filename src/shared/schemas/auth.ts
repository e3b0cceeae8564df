import { z } from 'zod';
import { languages } from '../i18n/languages';
import { tr } from '../i18n/runtime';
import {
  emailField,
  languageField,
  say,
  existingPasswordField,
  messages,
  newPasswordField,
} from './fields';
import { adminRoles, userTypes } from './options';
import { participantFields, signUpConsentFields } from './participants';
import { secondFactorCodeField } from './two-factor';

/** POST /api/auth/signup (spec section 5 "Sign-up"). */
export const signUpSchema = z.object({
  firstName: participantFields.firstName,
  lastName: participantFields.lastName,
  email: participantFields.email,
  phone: participantFields.phone,
  password: newPasswordField(),
  userType: z.enum(userTypes, { error: say('userType') }).default('participant'),
  language: languageField.optional(),
  ...signUpConsentFields,
});
export type SignUpInput = z.input<typeof signUpSchema>;

/**
 * The sign-up form adds the confirmation and the terms box (as registration asks it),
 * checked in the browser only.
 */
export const signUpFormSchema = signUpSchema
  .extend({
    confirmPassword: z.string().min(1, { error: messages.confirmPassword }),
    terms: z.literal(true, { error: messages.terms }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: messages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type SignUpFormValues = z.input<typeof signUpFormSchema>;

/**
 * POST /api/auth/signin. `code`: an enrolled admin's second factor (a TOTP or a recovery
 * code), asked for after a 401 `{ twoFactorRequired: true }` (decisions.md section 11).
 */
export const signInSchema = z.object({
  email: emailField,
  password: existingPasswordField(),
  code: secondFactorCodeField.optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: say('resetLinkInvalid') })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: say('resetLinkInvalid') }),
  password: newPasswordField(),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** PUT /api/participant/password, /api/admin/password, /api/admin/{id}/password. */
export const changePasswordSchema = z.object({
  currentPassword: existingPasswordField(
    messages.currentPasswordRequired,
    say('label.currentPassword'),
  ),
  newPassword: newPasswordField(messages.newPassword, say('label.newPassword')),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * The 409 of every write that would give a second account the same e-mail or phone
 * (sign-up, registration, profile edits, admin creation and profile); each read in the
 * language of the moment, like `say` (the request's on the server, the page's in the browser).
 */
export const ACCOUNT_EXISTS = {
  get email(): string {
    return tr('validation', 'accountExists.email');
  },
  get phone(): string {
    return tr('validation', 'accountExists.phone');
  },
};

/** The user of a session, as every answer describes it (never a password or hash). */
export const sessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  userType: z.enum(userTypes),
  role: z.enum(['participant', ...adminRoles]),
  profilePhoto: z.string().nullable(),
  /** A participant's language; admins read the console in English. */
  language: z.enum(languages),
  /** Admins only: whether they have set up two-step sign-in (decisions.md section 11). */
  twoFactorEnabled: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authAnswerSchema = z.object({
  user: sessionUserSchema,
  userType: z.enum(userTypes),
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** GET /api/auth/session: `user` is null when nobody is signed in (200, not 401). */
export const sessionAnswerSchema = z.object({
  user: sessionUserSchema.nullable(),
  userType: z.enum(userTypes).nullable(),
});
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
