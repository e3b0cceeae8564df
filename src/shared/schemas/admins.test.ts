import { describe, expect, it } from 'vitest';
import { adminProfileSchema, adminStatusSchema, createAdminFormSchema } from './admins';

describe('admin profile schema', () => {
  const base = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com' };

  it('normalises the phone to E.164, and reads an empty or missing phone as none', () => {
    expect(adminProfileSchema.parse({ ...base, phone: '0711 464 914' })).toEqual({
      ...base,
      email: 'ada@example.com',
      phone: '+254711464914',
    });
    expect(adminProfileSchema.parse({ ...base, phone: '' }).phone).toBeNull();
    expect(adminProfileSchema.parse(base).phone).toBeNull();
  });

  it("answers the spec's phone message for a number it cannot read", () => {
    const result = adminProfileSchema.safeParse({ ...base, phone: '0711 464' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phone', 'Please enter a valid phone number'],
    ]);
  });

  it('requires names, and reads an empty current password as not given', () => {
    expect(adminProfileSchema.parse({ ...base, currentPassword: '' }).currentPassword).toBe(
      undefined,
    );
    const result = adminProfileSchema.safeParse({ ...base, firstName: ' ' });
    expect(result.error?.issues[0]?.message).toBe('First name is required');
  });

  it('takes only active or disabled as a status', () => {
    expect(adminStatusSchema.safeParse({ status: 'disabled' }).success).toBe(true);
    expect(adminStatusSchema.safeParse({ status: 'deleted' }).success).toBe(false);
  });
});

describe('create-admin form schema', () => {
  it('says each field its own message, not one sentence under both', () => {
    const result = createAdminFormSchema.safeParse({ username: 'not-an-email', password: '123' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', 'Please enter a valid email address'],
      ['password', 'Password must be at least 6 characters'],
    ]);
  });

  it('takes what the API takes: a lower-cased e-mail, a password, the admin role by default', () => {
    expect(
      createAdminFormSchema.parse({ username: ' New@Example.com ', password: 'Baobab-Lantern-7' }),
    ).toEqual({ username: 'new@example.com', password: 'Baobab-Lantern-7', role: 'admin' });
  });
});
