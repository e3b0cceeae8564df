import { describe, expect, it } from 'vitest';
import { formatKes } from '@/shared/rules/money';
import type { ApplicationStatus } from '@/shared/schemas/options';
import { studyFigures } from './study-figures';

const apps = (...statuses: ApplicationStatus[]) => statuses.map((status) => ({ status }));

describe('studyFigures', () => {
  it('works out the budget in exact cents: 1500.50 x 2 h x 3 places', () => {
    const f = studyFigures({ payRate: '1500.50', duration: 2, maxParticipants: 3 }, []);
    expect(f.paymentCents).toBe(300_100n);
    expect(f.totalBudgetCents).toBe(900_300n);
    expect(formatKes(f.totalBudgetCents).replace(/\s/g, ' ')).toBe('Ksh 9,003');
    expect(f.paidOutCents).toBe(0n);
    expect(f.remainingCents).toBe(900_300n);
    expect(f.full).toBe(false);
  });

  it('never adds floats: 0.10 x 3 h x 7 places is 2.10', () => {
    const f = studyFigures({ payRate: '0.10', duration: 3, maxParticipants: 7 }, []);
    expect(f.totalBudgetCents).toBe(210n);
  });

  it('counts only completed payments as paid out: a completion whose payment is pending is not', () => {
    const f = studyFigures(
      { payRate: '1000.00', duration: 1, maxParticipants: 4, paidOut: '1000.00', owed: '1000.00' },
      apps('completed', 'completed', 'scheduled', 'interested', 'declined', 'screening'),
    );
    expect(f.paidOutCents).toBe(100_000n);
    // The other completion's payment is owed, shown as such, never lost between the lines.
    expect(f.owedCents).toBe(100_000n);
    expect(f.remainingCents).toBe(300_000n);
    expect(
      studyFigures({ payRate: '1000.00', duration: 1, maxParticipants: 4 }, apps('completed'))
        .paidOutCents,
    ).toBe(0n);
    expect(f.counts).toEqual({
      interested: 1,
      screening: 1,
      selected: 0,
      scheduled: 1,
      completed: 2,
      declined: 1,
      disqualified: 0,
      withdrawn: 0,
      no_show: 0,
    });
    expect(f.taken).toBe(3);
    expect(f.capacityPercent).toBe(75);
    expect(f.full).toBe(false);
  });

  it('is full when scheduled and completed places reach the maximum', () => {
    expect(
      studyFigures(
        { payRate: '1', duration: 1, maxParticipants: 2 },
        apps('scheduled', 'scheduled'),
      ).full,
    ).toBe(true);
    expect(
      studyFigures(
        { payRate: '1', duration: 1, maxParticipants: 2 },
        apps('scheduled', 'completed'),
      ).full,
    ).toBe(true);
    expect(
      studyFigures({ payRate: '1', duration: 1, maxParticipants: 2 }, apps('scheduled', 'declined'))
        .full,
    ).toBe(false);
  });
});
