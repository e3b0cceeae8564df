import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/runtime';
import {
  ageFromDateOfBirth,
  profileCompletion,
  profileCompletionBand,
  researchProfileCompletion,
} from './profile';

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

describe('research profile completeness (decisions.md section 10)', () => {
  it('counts the twelve research fields apart from the spec six; a photo or location adds nothing', () => {
    expect(researchProfileCompletion({})).toMatchObject({ answered: 0, total: 12, percent: 0 });
    expect(researchProfileCompletion({ dateOfBirth: '1990-01-01', town: 'Kisumu' })).toMatchObject({
      answered: 2,
      percent: 17,
    });
    const withSpecOnly = researchProfileCompletion({
      profilePhoto: 'p',
      location: 'Kisumu',
    } as Record<string, string>);
    expect(withSpecOnly.answered).toBe(0);
  });

  it('counts "prefer not to say" as answered, and a list once it has an entry ("none" too)', () => {
    const result = researchProfileCompletion({
      gender: 'prefer_not_to_say',
      incomeBand: 'prefer_not_to_say',
      languages: ['kiswahili'],
      mobileMoney: ['none'],
      devices: [],
      county: null,
      occupation: '   ',
    });
    expect(result.answered).toBe(4);
    expect(result.missing).toEqual([
      'dateOfBirth',
      'county',
      'town',
      'employment',
      'occupation',
      'education',
      'devices',
      'internetAccess',
    ]);
  });

  it('is whole at twelve answers', () => {
    const full = researchProfileCompletion({
      dateOfBirth: '1990-01-01',
      gender: 'woman',
      county: 'Kisumu',
      town: 'Kondele',
      employment: 'self_employed',
      occupation: 'Tailor',
      education: 'secondary',
      incomeBand: '10k_30k',
      languages: ['dholuo'],
      devices: ['android_phone'],
      mobileMoney: ['mpesa'],
      internetAccess: 'mobile_only',
    });
    expect(full).toEqual({ answered: 12, total: 12, percent: 100, missing: [] });
  });
});
