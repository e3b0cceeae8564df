import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createAdminSchema } from '../../../shared/schemas/admins';
import { LIMITS } from '../../../shared/schemas/fields';

const ofLength = (n: number) => 'Pw-'.padEnd(n, 'x');

describe('one set of password bounds for the bootstrap admin (ADMIN_PASSWORD) and the admin form', () => {
  for (const [length, accepted] of [
    [LIMITS.passwordMin - 1, false],
    [LIMITS.passwordMin, true],
    [LIMITS.passwordMax, true],
    [LIMITS.passwordMax + 1, false],
  ] as const) {
    it(`${accepted ? 'accepts' : 'refuses'} a password of ${length} characters in both`, () => {
      const password = ofLength(length);
      const form = createAdminSchema.safeParse({
        username: 'owner@example.com',
        password,
        role: 'admin',
      });
      expect(form.success).toBe(accepted);
      const boot = () => loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: password });
      if (accepted) expect(boot().admin?.password).toBe(password);
      else expect(boot).toThrow(/ADMIN_PASSWORD/);
    });
  }
});
