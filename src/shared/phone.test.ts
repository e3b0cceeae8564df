import { describe, expect, it } from 'vitest';
import { phoneField, messages } from './schemas/fields';
import { isKenyanMobile, lastDigitsOf, toE164, toKenyanMobile } from './phone';

describe('phone numbers are stored in E.164', () => {
  it('reads every Kenyan form of one number as the same +2547… number', () => {
    for (const typed of [
      '+254711464914',
      '0711464914',
      '254711464914',
      '+254 711 464914',
      '0711 464 914',
      '0711-464-914',
      '(0711) 464914',
    ])
      expect(toE164(typed), typed).toBe('+254711464914');
  });

  it('reads 01… numbers as +2541…', () => {
    expect(toE164('0112 345 678')).toBe('+254112345678');
    expect(toE164('254112345678')).toBe('+254112345678');
  });

  it('takes other countries only with their + code', () => {
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    expect(toE164('+1 (202) 555-0123')).toBe('+12025550123');
    expect(toE164('07911123456')).toBeUndefined();
    expect(toE164('12025550123')).toBeUndefined();
  });

  it('refuses text, too short or too long numbers and control characters', () => {
    for (const typed of [
      'call 0711464914',
      '0711464914x',
      '+2547123',
      '12345',
      '0711\u0000464914',
      '+254 711 464914 ext 12',
      '',
    ])
      expect(toE164(typed), typed).toBeUndefined();
  });

  it('the phone field answers E.164, or the spec message for a number it cannot read', () => {
    expect(phoneField.parse(' 0711-464-914 ')).toBe('+254711464914');
    const bad = phoneField.safeParse('0711 464 91');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([messages.phone()]);
    expect(phoneField.safeParse(711464914).error?.issues[0]?.message).toBe(messages.phone());
  });
});

describe('payout numbers are Kenyan mobile numbers (decisions.md section 11)', () => {
  it('takes 07… and 01… numbers in every form people type them', () => {
    expect(toKenyanMobile('0712 345 678')).toBe('+254712345678');
    expect(toKenyanMobile('0112-345-678')).toBe('+254112345678');
    expect(toKenyanMobile('254712345678')).toBe('+254712345678');
    expect(toKenyanMobile('+254 112 345 678')).toBe('+254112345678');
  });

  it('refuses landlines, other countries and what is not a number', () => {
    expect(toKenyanMobile('020 2222222')).toBeUndefined();
    expect(toKenyanMobile('+254202222222')).toBeUndefined();
    expect(toKenyanMobile('+44 7911 123456')).toBeUndefined();
    expect(toKenyanMobile('0712 345')).toBeUndefined();
    expect(toKenyanMobile('M-Pesa 0712345678')).toBeUndefined();
    expect(isKenyanMobile('+2547123456789')).toBe(false);
  });

  it('shows only the last digits when a message must not carry the whole number', () => {
    expect(lastDigitsOf('+254712345678')).toBe('678');
    expect(lastDigitsOf('+254712345678', 4)).toBe('5678');
  });
});
