import { z } from 'zod';
import { existingPasswordField, messages, say } from './fields';

/**
 * The admin second factor (decisions.md section 11): TOTP codes from an authenticator app
 * and single-use recovery codes. A code is typed by hand, so spaces (and the recovery
 * code's hyphen) are dropped and letters lower-cased before it is checked.
 */

export const TOTP_ISSUER = 'InsightLab';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits nobody confuses when copying by hand: no 0/o, 1/l/i. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 10;
/** Step-up lasts this long on a session (decisions.md section 11). */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
/** Wrong codes on one session before it is ended. */
export const STEP_UP_MAX_FAILURES = 5;

/** Longest input looked at: more is not a code, whatever it holds. */
const MAX_TYPED = 40;
const TOTP = /^\d{6}$/;
const RECOVERY = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/**
 * What was typed, without spaces (a pasted "123 456") or hyphens, lower-cased. Tabs, line
 * breaks and other control characters are not dropped: like in every field, they are refused.
 */
export const canonicalCode = (typed: string) => typed.replace(/[ \u00a0-]/g, '').toLowerCase();

export const isTotpCode = (code: string) => TOTP.test(code);
export const isRecoveryCode = (code: string) => RECOVERY.test(code);

/** A recovery code as it is shown and saved: two groups of five, `abcde-23456`. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

const codeField = (message: () => string, accepts: (code: string) => boolean) =>
  z
    .string({ error: message })
    .max(MAX_TYPED, { error: message })
    .transform(canonicalCode)
    .refine(accepts, { error: message });

/** A 6-digit code from the authenticator app (enabling: the new secret's first code). */
export const totpCodeField = codeField(say('twoFactor.totp'), isTotpCode);

/** A 6-digit code, or one of the recovery codes (sign-in, step-up, turning it off). */
export const secondFactorCodeField = codeField(
  say('twoFactor.code'),
  (code) => isTotpCode(code) || isRecoveryCode(code),
);

/** POST /api/admin/2fa/setup: a new secret waiting for its first code. Shown once. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/…, for the QR code. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * POST /api/admin/2fa/enable: the new secret's first code and the current password (checked
 * like a sign-in): the session alone, perhaps a stolen one, cannot put its own phone on the
 * account (docs/decisions/035-admin-second-factor.md).
 */
export const enableTwoFactorSchema = z.object({
  code: totpCodeField,
  currentPassword: existingPasswordField(
    messages.currentPasswordRequired,
    say('label.currentPassword'),
  ),
});
export type EnableTwoFactorInput = z.input<typeof enableTwoFactorSchema>;

/** The answer of enabling: the recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** DELETE /api/admin/2fa and POST /api/auth/step-up: a TOTP or a recovery code. */
export const secondFactorCodeSchema = z.object({ code: secondFactorCodeField });
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** GET /api/admin/2fa: the signed-in admin's own state; never the secret. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * Flags of the refusals a client acts on: a sign-in that needs its code (401), an action
 * that needs a code entered in the last 5 minutes (403), or an admin who must enrol first (403).
 */
export type SecondFactorFlags = {
  twoFactorRequired?: true;
  stepUp?: true;
  enrolRequired?: true;
};
