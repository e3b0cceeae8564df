import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/runtime';
import { ageFromDateOfBirth, profileCompletion, profileCompletionBand } from './profile';

describe('profile completion (spec section 4)', () => {
  it('is the rounded share of the six fields that are filled', () => {
    expect(profileCompletion({})).toBe(0);
    expect(profileCompletion({ location: 'Nairobi' })).toBe(17);
    expect(profileCompletion({ location: 'Nairobi', age: '25-34' })).toBe(33);
    expect(profileCompletion({ location: 'x', age: 'x', occupation: 'x', dateOfBirth: 'x' })).toBe(
      67,
    );
    expect(
      profileCompletion({
        profilePhoto: 'p',
        location: 'x',
        age: 'x',
        occupation: 'x',
        dateOfBirth: 'x',
        education: 'x',
      }),
    ).toBe(100);
  });

  it('does not count empty or blank values', () => {
    expect(profileCompletion({ location: '', occupation: '   ', age: null })).toBe(0);
  });

  it("says the message of its band (the spec's English texts)", () => {
    const message = (percent: number) =>
      translate('en', 'dashboard', `completion.${profileCompletionBand(percent)}`);
    expect([100, 83, 80, 67, 60, 50, 40, 33, 0].map(message)).toEqual([
      'Profile Complete!',
      'Almost there!',
      'Almost there!',
      'Making great progress!',
      'Making great progress!',
      'Keep it up!',
      'Keep it up!',
      "Let's complete your profile!",
      "Let's complete your profile!",
    ]);
  });
});

describe('age from date of birth', () => {
  const today = new Date('2026-11-21T10:00:00Z');
  it('counts whole years, turning on the birthday itself', () => {
    expect(ageFromDateOfBirth('1990-11-21', today)).toBe(36);
    expect(ageFromDateOfBirth('1990-11-22', today)).toBe(35);
    expect(ageFromDateOfBirth('1990-12-01', today)).toBe(35);
    expect(ageFromDateOfBirth('2008-02-29', today)).toBe(18);
  });
});
