import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  checkAnswers,
  criteriaSchema,
  kenyanCounties,
  publicScreener,
  recruitingProfileFields,
  screenerOutcome,
  screenerSchema,
  type Screener,
} from './recruiting';

const paths = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.path.join('.')))];
};

const screener: Screener = screenerSchema.parse([
  {
    id: 'mpesa',
    text: 'Do you use M-Pesa?',
    kind: 'single',
    required: true,
    options: [
      { id: 'yes', label: 'Yes', rule: 'qualify' },
      { id: 'no', label: 'No', rule: 'disqualify' },
    ],
  },
  {
    id: 'phones',
    text: 'Which phones do you use?',
    kind: 'multi',
    required: false,
    options: [
      { id: 'android', label: 'Android', rule: 'neutral' },
      { id: 'kabambe', label: 'Kabambe', rule: 'disqualify' },
    ],
  },
  { id: 'shops', text: 'How many shops?', kind: 'number', required: false, min: 1, max: 3 },
  { id: 'why', text: 'Why?', kind: 'text', required: false },
]);

describe('the counties', () => {
  it('are the First Schedule’s 47, spelt as it spells them', () => {
    expect(kenyanCounties).toHaveLength(47);
    expect(new Set(kenyanCounties).size).toBe(47);
    expect(kenyanCounties).toContain("Murang'a");
    expect(kenyanCounties).toContain('Tharaka-Nithi');
  });
});

describe('criteriaSchema', () => {
  it('refuses a minimum age above the maximum, on ageMax', () => {
    expect(paths(criteriaSchema, { ageMin: 40, ageMax: 30 })).toEqual(['ageMax']);
  });

  it('refuses unknown counties and values, ages out of 16-100 and extra keys', () => {
    expect(paths(criteriaSchema, { counties: ['Gotham'] })).toEqual(['counties.0']);
    expect(paths(criteriaSchema, { genders: ['prefer_not_to_say'] })).toEqual(['genders.0']);
    expect(paths(criteriaSchema, { ageMin: 15 })).toEqual(['ageMin']);
    expect(paths(criteriaSchema, { ageMax: 30.5 })).toEqual(['ageMax']);
    expect(paths(criteriaSchema, { colour: ['red'] })).toEqual(['']);
  });

  it('keeps each value once', () => {
    expect(criteriaSchema.parse({ counties: ['Nakuru', 'Nakuru'] }).counties).toEqual(['Nakuru']);
  });
});

describe('screenerSchema', () => {
  it('refuses ids outside a-z, 0-9, _ and -, and an id used twice', () => {
    const q = { text: 'Q', kind: 'text', required: false };
    expect(paths(screenerSchema, [{ ...q, id: 'Has Space' }])).toEqual(['0.id']);
    expect(paths(screenerSchema, [{ ...q, id: 'x'.repeat(41) }])).toEqual(['0.id']);
    expect(
      paths(screenerSchema, [
        { ...q, id: 'a' },
        { ...q, id: 'a' },
      ]),
    ).toEqual(['']);
  });

  it('needs two options on a choice question and none elsewhere; bounds only on numbers, in order', () => {
    const base = { id: 'q', text: 'Q', required: true };
    expect(paths(screenerSchema, [{ ...base, kind: 'single', options: [] }])).toEqual([
      '0.options',
    ]);
    const option = { id: 'o', label: 'O', rule: 'neutral' };
    expect(paths(screenerSchema, [{ ...base, kind: 'text', options: [option, option] }])).toContain(
      '0.options',
    );
    expect(paths(screenerSchema, [{ ...base, kind: 'text', min: 1 }])).toEqual(['0.min']);
    expect(paths(screenerSchema, [{ ...base, kind: 'number', min: 5, max: 1 }])).toEqual(['0.max']);
  });

  it('refuses a NUL byte in a question', () => {
    expect(
      paths(screenerSchema, [{ id: 'q', text: 'Q\u0000', kind: 'text', required: true }]),
    ).toEqual(['0.text']);
  });
});

describe('publicScreener', () => {
  it('shows questions and options without rules or bounds', () => {
    const shown = JSON.stringify(publicScreener(screener));
    expect(shown).not.toMatch(/qualify|"min"|"max"/);
    expect(shown).toContain('Do you use M-Pesa?');
  });
});

describe('checkAnswers', () => {
  it('accepts answers that fit, leaving out what is optional', () => {
    expect(checkAnswers(screener, { mpesa: 'yes' })).toEqual({});
  });

  it('names each answer that does not fit, on its question', () => {
    expect(
      checkAnswers(screener, {
        phones: ['android', 'android'],
        shops: '2' as unknown as number,
        why: 'a\u0000b',
        extra: 'x',
      }),
    ).toEqual({
      mpesa: 'Please answer this question',
      phones: 'Choose from the options given',
      shops: 'This answer does not fit the question',
      why: expect.any(String),
      extra: 'This question is not part of the study',
    });
    expect(checkAnswers(screener, { mpesa: 'maybe' })).toEqual({
      mpesa: 'Choose from the options given',
    });
    expect(checkAnswers(screener, { mpesa: 'yes', shops: 1e12 })).toEqual({
      shops: 'Enter a smaller number',
    });
  });
});

describe('screenerOutcome', () => {
  it('disqualifies on a disqualify option, single or among several', () => {
    expect(screenerOutcome(screener, { mpesa: 'no' })).toBe('disqualified');
    expect(screenerOutcome(screener, { mpesa: 'yes', phones: ['android', 'kabambe'] })).toBe(
      'disqualified',
    );
    expect(screenerOutcome(screener, { mpesa: 'yes', phones: ['android'] })).toBe('qualified');
  });

  it('disqualifies a number outside min-max, the bounds themselves included in range', () => {
    expect(screenerOutcome(screener, { mpesa: 'yes', shops: 4 })).toBe('disqualified');
    expect(screenerOutcome(screener, { mpesa: 'yes', shops: 0 })).toBe('disqualified');
    expect(screenerOutcome(screener, { mpesa: 'yes', shops: 3 })).toBe('qualified');
  });
});

describe('recruitingProfileFields', () => {
  it("reads '' as clearing a choice and refuses a value outside the set", () => {
    expect(recruitingProfileFields.county.parse('')).toBeNull();
    expect(recruitingProfileFields.county.parse('Kisumu')).toBe('Kisumu');
    expect(recruitingProfileFields.county.safeParse('Atlantis').success).toBe(false);
    expect(recruitingProfileFields.devices.safeParse(['iphone', 'iphone']).success).toBe(false);
    expect(recruitingProfileFields.town.parse('')).toBeNull();
  });

  it('refuses "none" mobile money beside a service, and takes it alone', () => {
    const mobileMoney = recruitingProfileFields.mobileMoney;
    expect(mobileMoney.parse(['none'])).toEqual(['none']);
    expect(mobileMoney.parse(['mpesa', 'airtel_money'])).toEqual(['mpesa', 'airtel_money']);
    expect(mobileMoney.parse([])).toEqual([]);
    const refused = mobileMoney.safeParse(['mpesa', 'none']);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Choose “None” on its own, or only the services you use',
    );
  });
});
