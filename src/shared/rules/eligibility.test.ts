import { describe, expect, it } from 'vitest';
import { normaliseCriteria } from '../schemas/recruiting';
import { ageOn, eligibility, nairobiToday, type EligibilityProfile } from './eligibility';

const person: EligibilityProfile = {
  dateOfBirth: '1990-06-15',
  gender: 'woman',
  county: 'Nakuru',
  employment: 'self_employed',
  incomeBand: '30k_50k',
  languages: ['kiswahili', 'english'],
  devices: ['android_phone'],
};
const noHistory = { studyIds: [], tags: [] };
const today = '2026-11-26';

describe('eligibility: every criterion set must be met', () => {
  it('takes anyone when no criterion is set', () => {
    expect(eligibility(normaliseCriteria({}), person, noHistory, today)).toEqual({
      eligible: true,
    });
  });

  it('takes the shop owner in Nakuru who uses M-Pesa on an Android phone', () => {
    const criteria = normaliseCriteria({
      counties: ['Nakuru'],
      employment: ['self_employed'],
      devices: ['android_phone', 'iphone'],
      ageMin: 30,
      ageMax: 40,
    });
    expect(eligibility(criteria, person, noHistory, today).eligible).toBe(true);
  });

  it('refuses a value outside the list, without asking for a fuller profile', () => {
    const verdict = eligibility(
      normaliseCriteria({ counties: ['Mombasa'] }),
      person,
      noHistory,
      today,
    );
    expect(verdict).toEqual({ eligible: false, missing: [], excluded: false });
  });

  it('meets a list criterion with any one value the person has', () => {
    const criteria = normaliseCriteria({ languages: ['kikuyu', 'english'] });
    expect(eligibility(criteria, person, noHistory, today).eligible).toBe(true);
    const none = normaliseCriteria({ languages: ['kikuyu'] });
    expect(eligibility(none, person, noHistory, today).eligible).toBe(false);
  });

  it('does not meet a criterion whose field is empty, and names the field', () => {
    const empty = { ...person, county: null, devices: [] as string[] };
    const verdict = eligibility(
      normaliseCriteria({ counties: ['Nakuru'], devices: ['android_phone'] }),
      empty,
      noHistory,
      today,
    );
    expect(verdict).toEqual({ eligible: false, missing: ['county', 'devices'], excluded: false });
  });

  it('names no missing field when another criterion fails anyway', () => {
    const empty = { ...person, county: null };
    const verdict = eligibility(
      normaliseCriteria({ counties: ['Nakuru'], genders: ['man'] }),
      empty,
      noHistory,
      today,
    );
    expect(verdict).toEqual({ eligible: false, missing: [], excluded: false });
  });

  it('treats "prefer not to say" as an answer that meets no criterion', () => {
    const verdict = eligibility(
      normaliseCriteria({ genders: ['woman'] }),
      { ...person, gender: 'prefer_not_to_say' },
      noHistory,
      today,
    );
    expect(verdict).toEqual({ eligible: false, missing: [], excluded: false });
  });

  it('leaves out people who took part in an excluded study or one with an excluded tag', () => {
    const id = '6c1f1f8e-4b5a-4c4e-9f59-1f1f1f1f1f1f';
    expect(
      eligibility(
        normaliseCriteria({ excludeStudies: [id] }),
        person,
        { studyIds: [id], tags: [] },
        today,
      ),
    ).toEqual({ eligible: false, missing: [], excluded: true });
    expect(
      eligibility(
        normaliseCriteria({ excludeTags: ['checkout'] }),
        person,
        { studyIds: [], tags: ['checkout'] },
        today,
      ).eligible,
    ).toBe(false);
  });
});

describe('age', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it("uses Nairobi's date: 22:00 UTC is already the next day", () => {
    expect(nairobiToday(new Date('2026-11-26T20:59:00Z'))).toBe('2026-11-26');
    expect(nairobiToday(new Date('2026-11-26T21:00:00Z'))).toBe('2026-11-27');
  });

  it('bounds age at both ends, inclusive', () => {
    const criteria = normaliseCriteria({ ageMin: 36, ageMax: 36 });
    expect(eligibility(criteria, person, noHistory, '2026-06-15').eligible).toBe(true);
    expect(eligibility(criteria, person, noHistory, '2026-06-14').eligible).toBe(false);
    expect(eligibility(criteria, person, noHistory, '2027-06-15').eligible).toBe(false);
  });
});
