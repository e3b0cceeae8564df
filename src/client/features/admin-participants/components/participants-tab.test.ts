import { describe, expect, it } from 'vitest';
import { ageProblems } from './participant-filters';
import { plural, sendable } from './participants-tab';

describe('the participants summary’s count (decision 037)', () => {
  it('counts exactly, one and many', () => {
    expect(plural(1, 'participant')).toBe('1 participant');
    expect(plural(42_841, 'participant')).toBe('42,841 participants');
  });

  it('says "About" of the server’s estimate', () => {
    expect(plural(43_000, 'participant', true)).toBe('About 43,000 participants');
  });
});

describe('the participants tab’s ages (what is sent, what is said)', () => {
  it('sends ages from 16 to 100 in order', () => {
    expect(sendable({ ageMin: '25', ageMax: '34', gender: 'woman' })).toEqual({
      ageMin: '25',
      ageMax: '34',
      gender: 'woman',
    });
    expect(ageProblems({ ageMin: '25', ageMax: '34' })).toEqual({ reversed: false });
  });

  it('sends neither age while they are reversed, and says so under "Age to"', () => {
    expect(sendable({ ageMin: '50', ageMax: '20', gender: 'woman' })).toEqual({ gender: 'woman' });
    expect(ageProblems({ ageMin: '50', ageMax: '20' })).toEqual({
      ageMax: '“Age to” must not be below “Age from”.',
      reversed: true,
    });
  });

  it('does not send an age outside 16 to 100, and says so under its box', () => {
    expect(sendable({ ageMin: '10' })).toEqual({});
    expect(ageProblems({ ageMin: '10' })).toEqual({
      ageMin: 'Enter a whole age from 16 to 100.',
      reversed: false,
    });
  });
});
