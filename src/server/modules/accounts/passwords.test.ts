import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  hashPassword,
  isCommonPassword,
  setPasswordHashingCost,
  verifyPassword,
} from './passwords';
import { lockedMessage } from './accounts.service';

describe('passwords', () => {
  afterEach(() => setPasswordHashingCost(loadConfig({}).passwordHashing));

  it('hashes with argon2id at OWASP parameters (19 MiB, t=2) when no cost is configured, and verifies', async () => {
    expect(loadConfig({}).passwordHashing).toEqual({ memoryKib: 19_456, timeCost: 2 });
    const hash = await hashPassword('Plum-Harbour-42!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Plum-Harbour-42!')).toBe(true);
    expect(await verifyPassword(hash, 'plum-harbour-42!')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });

  it('hashes at the configured ARGON2_MEMORY_KIB and ARGON2_TIME_COST, and still verifies a production-cost hash', async () => {
    const production = await hashPassword('Plum-Harbour-42!');
    setPasswordHashingCost(
      loadConfig({ ARGON2_MEMORY_KIB: '8', ARGON2_TIME_COST: '1' }).passwordHashing,
    );
    const cheap = await hashPassword('Plum-Harbour-42!');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'Plum-Harbour-42!')).toBe(true);
    expect(await verifyPassword(production, 'Plum-Harbour-42!')).toBe(true);
  });

  it('refuses the most common passwords, whatever their case, and accepts others', () => {
    for (const p of ['password', '123456', 'qwerty123', 'iloveyou', 'Password1'])
      expect(isCommonPassword(p)).toBe(true);
    for (const p of ['Plum-Harbour-42!', 'kiboko-na-twiga-2026'])
      expect(isCommonPassword(p)).toBe(false);
  });

  it('says in whole minutes when a locked account may try again', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(lockedMessage(new Date(now.getTime() + 15 * 60_000), now)).toMatch(
      /try again in 15 minutes\.$/,
    );
    expect(lockedMessage(new Date(now.getTime() + 20_000), now)).toMatch(
      /try again in 1 minute\.$/,
    );
  });
});
