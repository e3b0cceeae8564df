/**
 * argon2id at its minimum cost, for every app and server the tests start: the suites hash
 * thousands of passwords, and what they check is the same at any cost
 * (passwords.test.ts keeps production's defaults checked).
 */
export const TEST_PASSWORD_HASHING_ENV = { ARGON2_MEMORY_KIB: '8', ARGON2_TIME_COST: '1' };
