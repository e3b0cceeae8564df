import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS } from '../../../shared/schemas/fields';
import { ARGON2_DEFAULT_COST, type PasswordHashingCost } from '../../config';

let cost: PasswordHashingCost = ARGON2_DEFAULT_COST;
// Verifying against this when no account matches makes "unknown e-mail" take
// as long as "wrong password", so timing does not reveal who has an account.
let dummyHash: Promise<string> | undefined;

/**
 * The cost of new hashes for this process, from config.passwordHashing (ARGON2_MEMORY_KIB,
 * ARGON2_TIME_COST): set at start. A stored hash carries its own parameters, so
 * verifying never depends on it. Until set, production's cost applies.
 */
export function setPasswordHashingCost(next: PasswordHashingCost): void {
  cost = next;
  // The timing decoy must cost what a real account's hash costs.
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, {
    algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: 1,
  });
}

let verifications = 0;

/** How many argon2 verifications this process has run (the timing rule's witness in tests). */
export const argon2Verifications = () => verifications;

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  verifications += 1;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

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
