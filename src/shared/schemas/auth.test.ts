import { describe, expect, it } from 'vitest';
import { signUpFormSchema, signUpSchema } from './auth';
import { participantRegistrationFormSchema } from './participants';

const valid = {
  firstName: ' Amina ',
  lastName: 'Otieno',
  email: ' Amina@Example.COM ',
  phone: '+254 712 345 678',
  password: 'Plum-Harbour-42!',
};

describe('sign-up schema (spec section 5)', () => {
  it('trims values, lowercases the e-mail and defaults userType to participant', () => {
    expect(signUpSchema.parse(valid)).toEqual({
      ...valid,
      firstName: 'Amina',
      email: 'amina@example.com',
      phone: '+254712345678',
      userType: 'participant',
    });
  });

  it("uses the spec's messages", () => {
    const result = signUpSchema.safeParse({
      firstName: ' ',
      lastName: '',
      email: 'x',
      phone: '12345',
      password: '123',
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      password: 'Password must be at least 6 characters',
    });
  });

  it("puts 'Passwords don't match' on confirmPassword in the form", () => {
    const result = signUpFormSchema.safeParse({
      ...valid,
      confirmPassword: 'different',
      terms: true,
    });
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
    const empty = signUpFormSchema.safeParse({ ...valid, confirmPassword: '', terms: true });
    expect(empty.error!.issues[0]!.message).toBe('Please confirm your password');
  });

  it('requires the terms checkbox on the registration form', () => {
    const result = participantRegistrationFormSchema.safeParse({
      ...valid,
      confirmPassword: valid.password,
      terms: false,
    });
    expect(result.error!.issues.map((i) => i.path[0])).toEqual(['terms']);
  });

  it("asks the password's confirmation on the registration form as the sign-up form does", () => {
    const form = { ...valid, terms: true };
    const empty = participantRegistrationFormSchema.safeParse({ ...form, confirmPassword: '' });
    expect(empty.error!.issues[0]!.message).toBe('Please confirm your password');
    const different = participantRegistrationFormSchema.safeParse({
      ...form,
      confirmPassword: 'different',
    });
    expect(different.error!.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
    expect(
      participantRegistrationFormSchema.safeParse({ ...form, confirmPassword: valid.password })
        .success,
    ).toBe(true);
  });

  it('requires the same terms checkbox, with the same refusal, on the sign-up form', () => {
    const form = { ...valid, confirmPassword: valid.password };
    const refused = signUpFormSchema.safeParse({ ...form, terms: false });
    expect(refused.error!.issues).toEqual([
      expect.objectContaining({
        path: ['terms'],
        message: 'You must accept the terms to continue',
      }),
    ]);
    expect(signUpFormSchema.safeParse({ ...form, terms: true }).success).toBe(true);
  });
});
