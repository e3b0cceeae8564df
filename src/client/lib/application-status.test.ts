import { describe, expect, it } from 'vitest';
import { applicationStatusLabel } from './application-status';

describe('applicationStatusLabel (spec section 4)', () => {
  it("reads 'Application Submitted' for interested, else the status", () => {
    expect(applicationStatusLabel('interested')).toBe('Application Submitted');
    expect(applicationStatusLabel('scheduled')).toBe('Scheduled');
    expect(applicationStatusLabel('disqualified')).toBe('Disqualified');
  });
});
