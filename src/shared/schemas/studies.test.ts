import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createStudySchema, updateStudySchema } from './studies';

const study = {
  title: 'Checkout flow',
  description: 'Try the new checkout',
  payRate: '1500',
  duration: '2',
  maxParticipants: '5',
  startDate: '2026-12-01',
  endDate: '2026-12-20',
};

/** The messages of one field, in order. */
function errorsOf(schema: z.ZodType, value: unknown, field: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
}

describe('createStudySchema: pay rate', () => {
  it('says "Pay rate is required" for an empty box, not the range message', () => {
    expect(errorsOf(createStudySchema, { ...study, payRate: '' }, 'payRate')).toEqual([
      'Pay rate is required',
    ]);
    expect(errorsOf(createStudySchema, { ...study, payRate: '   ' }, 'payRate')).toEqual([
      'Pay rate is required',
    ]);
    const { payRate: _left, ...without } = study;
    expect(errorsOf(createStudySchema, without, 'payRate')).toEqual(['Pay rate is required']);
  });

  it('keeps the range message for a rate that is there but out of range', () => {
    for (const payRate of ['-1', '1000000', '10.005', 'abc']) {
      expect(errorsOf(createStudySchema, { ...study, payRate }, 'payRate')).toEqual([
        'Pay rate must be between 0 and 999999.99 KES, with at most 2 decimals',
      ]);
    }
    expect(createStudySchema.parse({ ...study, payRate: 0 }).payRate).toBe('0');
  });
});

describe('createStudySchema: whole numbers', () => {
  it('says the field is required for an empty duration or participants needed, not "at least 1"', () => {
    expect(errorsOf(createStudySchema, { ...study, duration: '' }, 'duration')).toEqual([
      'Duration is required',
    ]);
    expect(
      errorsOf(createStudySchema, { ...study, maxParticipants: ' ' }, 'maxParticipants'),
    ).toEqual(['Participants needed is required']);
    const { maxParticipants: _left, ...without } = study;
    expect(createStudySchema.parse(without).maxParticipants).toBe(10);
    expect(createStudySchema.parse({ ...study, duration: '3' }).duration).toBe(3);
  });
});

describe('updateStudySchema: any of the creation fields, with their rules', () => {
  it('takes a partial edit and leaves the rest out (no defaults filled in)', () => {
    expect(updateStudySchema.parse({ title: ' New title ' })).toEqual({ title: 'New title' });
  });

  it('refuses an edit naming no field it can change ("Nothing to update")', () => {
    for (const body of [{}, { status: 'completed' }]) {
      const result = updateStudySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Nothing to update']);
    }
  });

  it('reads only decimal numbers: a list, true, hex or an exponent is refused', () => {
    expect(updateStudySchema.parse({ duration: ' 5 ', maxParticipants: '12' })).toEqual({
      duration: 5,
      maxParticipants: 12,
    });
    for (const duration of [[5], true, '0x10', '1e2', 'Infinity'])
      expect(updateStudySchema.safeParse({ duration }).success, String(duration)).toBe(false);
  });

  it('refuses what creation refuses, with the same messages', () => {
    expect(errorsOf(updateStudySchema, { payRate: '' }, 'payRate')).toEqual([
      'Pay rate is required',
    ]);
    expect(errorsOf(updateStudySchema, { duration: 0 }, 'duration')).toEqual([
      'Duration must be at least 1 hour',
    ]);
    expect(errorsOf(updateStudySchema, { title: '' }, 'title')).toEqual(['Title is required']);
    expect(
      errorsOf(updateStudySchema, { startDate: '2026-12-10', endDate: '2026-12-01' }, 'endDate'),
    ).toEqual(['End date cannot be before the start date']);
  });

  it('reads an empty company or requirements as "remove it", and empty tags as none', () => {
    expect(updateStudySchema.parse({ company: '', requirements: ' ', tags: '' })).toEqual({
      company: null,
      requirements: null,
      tags: [],
    });
  });
});
