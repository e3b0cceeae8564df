import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '../../../shared/schemas/fields';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no account matches makes "unknown e-mail" take
// as long as "wrong password", so timing does not reveal who has an account.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
}

/** The 3,000 most common passwords long enough to pass the minimum (ranked list from zxcvbn). */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].filter((p) => p.length >= LIMITS.passwordMin).slice(0, 3000),
);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
