import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
} from '../../../shared/schemas/two-factor';

/**
 * RFC 6238 through otpauth: SHA-1, 6 digits, 30-second steps, the previous, current and
 * next step accepted (a phone's clock a little off still works). Which steps were already
 * used is the caller's business (two-factor.repo.ts, claimTotpStep).
 */
const params = { algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;
const WINDOW = 1;

/** A new random 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL authenticator apps read from the QR code. */
export function otpauthUrl(secret: string, email: string): string {
  return new TOTP({
    ...params,
    issuer: TOTP_ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
  }).toString();
}

/** The 30-second step of `at`. */
export function totpStepAt(at: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() });
}

/** The step `code` was made for, when it is the previous, current or next one at `now`; else null. */
export function matchingTotpStep(secret: string, code: string, now: Date): number | null {
  const delta = TOTP.validate({
    ...params,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp: now.getTime(),
    window: WINDOW,
  });
  return delta === null ? null : totpStepAt(now) + delta;
}

/** Ten recovery codes, canonical (10 letters and digits; shown as `abcde-23456`). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from(
      { length: 10 },
      () => RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join(''),
  );
}

/**
 * What is stored of a recovery code (canonical form), SHA-256 bound to its admin: a leaked
 * table cannot be typed in, and two admins' codes cannot be matched against each other.
 */
export function hashRecoveryCode(adminId: string, code: string): string {
  return crypto.createHash('sha256').update(`recovery:${adminId}:${code}`).digest('hex');
}
