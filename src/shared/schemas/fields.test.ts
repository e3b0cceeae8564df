import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUpSchema } from './auth';
import { auditFiltersSchema } from './admin-views';
import { applicationStatusSchema, applySchema } from './applications';
import {
  dateField,
  emailField,
  isAllowedText,
  isIsoDateInRange,
  phoneField,
  requiredName,
  text,
} from './fields';
import { pageQuery, searchParam } from './paging';
import {
  accountProfileSchema,
  participantProfileUpdateSchema,
  participantRegistrationSchema,
} from './participants';
import { clientRequestSchema, researchRequestSchema } from './requests';
import { createStudySchema } from './studies';
import { nairobiToday } from '../rules/eligibility';

function firstError(schema: z.ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === field)?.message;
}

// Every C0 control, DEL and a C1 control (NEL).
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  '\u0085',
];
const LINE_BREAKS = ['\t', '\n', '\r'];

describe('the one text rule', () => {
  it('refuses every control character (C0, DEL, C1) in a single-line field', () => {
    for (const c of CONTROLS) {
      expect(isAllowedText(`a${c}b`, 'line'), JSON.stringify(c)).toBe(false);
      expect(isAllowedText(`a${c}b`, 'plain'), JSON.stringify(c)).toBe(false);
    }
  });

  it('keeps tab, CR and LF in a multi-line field and refuses every other control', () => {
    for (const c of CONTROLS) {
      expect(isAllowedText(`a${c}b`, 'multiline'), JSON.stringify(c)).toBe(LINE_BREAKS.includes(c));
    }
  });

  it('refuses markup and invisible marks only in names, places and titles', () => {
    for (const v of ['<b>x</b>', 'Amina\u202Egnp.exe', 'Ami\u200Bna', '\uFEFFx']) {
      expect(isAllowedText(v, 'plain'), v).toBe(false);
    }
    expect(isAllowedText('a < b', 'line')).toBe(true);
    expect(isAllowedText('a < b', 'multiline')).toBe(true);
  });

  it('accepts text in any script, emoji and punctuation', () => {
    for (const v of ["O'Brien-Wanjiru", '李小龍', 'José', 'مريم', 'Zoë 🌍', 'Nairobi, Kenya']) {
      expect(isAllowedText(v, 'plain'), v).toBe(true);
    }
  });

  it("answers with the field's own message", () => {
    expect(firstError(text('Search', { max: 10 }), 'a\u0000', '')).toBe(
      'Search contains characters that are not allowed',
    );
    expect(firstError(requiredName('First name', 'First name is required'), 'A\u0007', '')).toBe(
      'First name contains characters that are not allowed',
    );
    expect(firstError(requiredName('First name', 'First name is required'), '  ', '')).toBe(
      'First name is required',
    );
    expect(firstError(text('Search', { max: 3 }), 'abcd', '')).toBe(
      'Search must be at most 3 characters',
    );
  });

  it('checks query parameters: search and cursor', () => {
    expect(
      firstError(pageQuery.extend({ search: searchParam }), { search: '\u0000' }, 'search'),
    ).toBe('Search contains characters that are not allowed');
    expect(firstError(pageQuery, { cursor: 'abc\u0000' }, 'cursor')).toBe('Invalid cursor');
    expect(
      firstError(auditFiltersSchema, { action: 'auth\u0000', resource: 'x\u001b' }, 'resource'),
    ).toBe('Resource contains characters that are not allowed');
  });
});

describe('one definition per field wherever it is written', () => {
  const registration = {
    firstName: 'Amina',
    lastName: 'Otieno',
    email: 'amina@example.com',
    phone: '0712345678',
    password: 'Plum-Harbour-42!',
  };

  it('refuses markup in location and occupation on registration and on the profile alike', () => {
    for (const field of ['location', 'occupation']) {
      const label = field === 'location' ? 'Location' : 'Occupation';
      const message = `${label} contains characters that are not allowed`;
      const value = '<img src=x onerror=alert(1)>';
      expect(
        firstError(participantRegistrationSchema, { ...registration, [field]: value }, field),
      ).toBe(message);
      expect(firstError(participantProfileUpdateSchema, { [field]: value }, field)).toBe(message);
    }
  });

  it('gives names the same messages on sign-up, registration and both profile forms', () => {
    const schemas = [
      signUpSchema,
      participantRegistrationSchema,
      participantProfileUpdateSchema,
      accountProfileSchema,
    ];
    for (const schema of schemas) {
      expect(firstError(schema, { ...registration, firstName: 'A<b>' }, 'firstName')).toBe(
        'First name contains characters that are not allowed',
      );
      expect(firstError(schema, { ...registration, lastName: 'x\u0000' }, 'lastName')).toBe(
        'Last name contains characters that are not allowed',
      );
    }
  });

  it('keeps an empty optional field as "not given" on registration and "clear" on the profile', () => {
    const parsed = participantRegistrationSchema.parse({ ...registration, location: '  ' });
    expect(parsed.location).toBeUndefined();
    expect(participantProfileUpdateSchema.parse({ location: '' })).toEqual({ location: '' });
  });
});

describe('multi-line fields keep their line breaks', () => {
  it('accepts tabs and new lines in messages, descriptions, goals, screening and feedback', () => {
    const lines = 'First line\n\tsecond line\r\nthird';
    expect(
      clientRequestSchema.safeParse({
        companyName: 'Acme',
        contactPerson: 'Njeri',
        email: 'njeri@acme.co.ke',
        service: 'research',
        message: lines,
      }).success,
    ).toBe(true);
    expect(
      firstError(
        researchRequestSchema,
        { description: lines, goals: lines, targetAudience: lines },
        'goals',
      ),
    ).toBeUndefined();
    expect(
      applySchema.safeParse({
        participantId: crypto.randomUUID(),
        testId: crypto.randomUUID(),
        screening: lines,
      }).success,
    ).toBe(true);
    expect(
      applicationStatusSchema.safeParse({ status: 'completed', feedback: lines }).success,
    ).toBe(true);
  });

  it('refuses a NUL byte in them with the field message', () => {
    expect(firstError(applySchema, { screening: 'a\u0000' }, 'screening')).toBe(
      'Screening answer contains characters that are not allowed',
    );
    expect(
      firstError(applicationStatusSchema, { status: 'completed', feedback: '\u0000' }, 'feedback'),
    ).toBe('Feedback contains characters that are not allowed');
  });
});

describe('dates stay between 1900-01-01 and 2100-12-31', () => {
  it('knows the range and real calendar days', () => {
    expect(isIsoDateInRange('1900-01-01')).toBe(true);
    expect(isIsoDateInRange('2100-12-31')).toBe(true);
    expect(isIsoDateInRange('2024-02-29')).toBe(true);
    for (const v of [
      '0000-01-01',
      '1899-12-31',
      '2101-01-01',
      '2025-02-30',
      '2025-13-01',
      '9999-12-31',
      '2025-1-1',
    ]) {
      expect(isIsoDateInRange(v), v).toBe(false);
    }
  });

  const study = {
    title: 'Checkout flow',
    description: 'Try the new checkout',
    payRate: 1500,
    duration: 1,
    startDate: '2026-01-05',
    endDate: '2026-01-09',
  };

  it('refuses study dates outside the range with the field message', () => {
    for (const v of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      expect(firstError(createStudySchema, { ...study, startDate: v }, 'startDate')).toBe(
        'Start date must be a date from 1900-01-01 to 2100-12-31',
      );
    }
    expect(firstError(createStudySchema, { ...study, startDate: '' }, 'startDate')).toBe(
      'Start date is required',
    );
  });

  it('refuses dates of birth and audit periods outside the range', () => {
    for (const v of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      expect(firstError(participantProfileUpdateSchema, { dateOfBirth: v }, 'dateOfBirth')).toBe(
        'Please enter a valid date',
      );
      expect(firstError(auditFiltersSchema, { from: v }, 'from')).toBe(
        'Use a date from 1900-01-01 to 2100-12-31',
      );
      expect(firstError(auditFiltersSchema, { to: `${v}T10:00:00Z` }, 'to')).toBe(
        'Use a date from 1900-01-01 to 2100-12-31',
      );
    }
  });

  it('takes a date of birth only for an age from 16 to 100 on Nairobi’s date (decisions.md section 10)', () => {
    const today = nairobiToday(new Date());
    const yearsAgo = (n: number, days = 0) => {
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const at = new Date(Date.UTC(y - n, m - 1, d + days));
      return at.toISOString().slice(0, 10);
    };
    const error = (v: string) =>
      firstError(participantProfileUpdateSchema, { dateOfBirth: v }, 'dateOfBirth');
    const tooYoungOrOld = 'You must be from 16 to 100 years old to take part';
    expect(error(yearsAgo(16))).toBeUndefined();
    expect(error(yearsAgo(16, 1))).toBe(tooYoungOrOld);
    expect(error(yearsAgo(101, 1))).toBeUndefined();
    expect(error(yearsAgo(101))).toBe(tooYoungOrOld);
    expect(error('1900-01-01')).toBe(tooYoungOrOld);
    expect(error('2015-01-01')).toBe(tooYoungOrOld);
    // Not a date at all, or in the future: the date message, once.
    expect(error('2999-01-01')).toBe('Please enter a valid date');
  });
});

describe('control characters at the ends of a field', () => {
  it('are refused like those inside, never trimmed away silently', () => {
    const name = text('First name', { max: 50, kind: 'plain' });
    for (const edge of ['Pat\n', '\u000bPat', 'Pat\t', '\rPat', 'Pat\f']) {
      expect(name.safeParse(edge).success, JSON.stringify(edge)).toBe(false);
    }
    expect(name.parse('  Pat  ')).toBe('Pat');
    expect(emailField.safeParse('pat@example.com\n').success).toBe(false);
    expect(phoneField.safeParse('0711111555\n').success).toBe(false);
    expect(phoneField.parse(' 0711 111 555 ')).toBe('+254711111555');
    expect(dateField('Date', 'Date is required').safeParse('2020-01-01\n').success).toBe(false);
  });

  it('keeps tabs and line breaks at the ends of a multi-line field, trimmed', () => {
    const details = text('Project details', { max: 500, kind: 'multiline' });
    expect(details.parse('\tLine one\nLine two\n')).toBe('Line one\nLine two');
  });
});
