import { describe, expect, it } from 'vitest';
import { applicationStatusLabel } from './application-status';

describe('applicationStatusLabel (spec section 4)', () => {
  it("reads 'Application Submitted' for interested, else the status", () => {
    expect(applicationStatusLabel('interested')).toBe('Application Submitted');
    expect(applicationStatusLabel('scheduled')).toBe('Scheduled');
    expect(applicationStatusLabel('disqualified')).toBe('Disqualified');
  });

  it('names the session statuses (decisions.md section 9) as words, not identifiers', () => {
    expect(applicationStatusLabel('withdrawn')).toBe('Withdrawn');
    expect(applicationStatusLabel('no_show')).toBe('No-show');
  });
});
