import { describe, expect, it } from 'vitest';
import { FALLBACK_FIGURES, formatFigure, statFigures } from './stat-figures';

const shown = (answer: Parameters<typeof statFigures>[0]) =>
  statFigures(answer).map((f) => formatFigure(f.value, f.suffix));

describe('statFigures (spec section 8)', () => {
  it('shows the fallback figures when there is no answer', () => {
    expect(shown(undefined)).toEqual(['22K+', '23+', '89+', '3', '79']);
    expect(shown(null)).toEqual(['22K+', '23+', '89+', '3', '79']);
    expect(shown({})).toEqual(['22K+', '23+', '89+', '3', '79']);
  });

  it('computes participants as floor(count / 1000 * 22) with the suffix K+', () => {
    const answer = {
      participantCount: 2500,
      companiesServed: 7,
      productsOptimized: 4,
      activeTests: 2,
      totalParticipantsNeeded: 15,
    };
    expect(shown(answer)).toEqual(['55K+', '7+', '4+', '2', '15']);
    expect(shown({ ...answer, participantCount: 1000 })[0]).toBe('22K+');
    expect(shown({ ...answer, participantCount: 999 })[0]).toBe('21K+');
    expect(shown({ ...answer, participantCount: 40 })[0]).toBe('22K+'); // floors to 0: the fallback
    expect(shown({ ...answer, participantCount: 100_000 })[0]).toBe('2,200K+');
  });

  it('uses 22 when the participant count is missing or 0, and 79 open slots when none are needed', () => {
    const answer = {
      participantCount: 0,
      companiesServed: 0,
      productsOptimized: 0,
      activeTests: 0,
      totalParticipantsNeeded: 0,
    };
    expect(shown(answer)).toEqual(['22K+', '0+', '0+', '0', '79']);
  });

  it('treats figures that are not counts as missing', () => {
    const answer = {
      participantCount: 'many',
      companiesServed: -1,
      productsOptimized: Number.NaN,
      activeTests: null,
      totalParticipantsNeeded: '12',
    };
    expect(statFigures(answer).map((f) => f.value)).toEqual([
      FALLBACK_FIGURES.participants,
      FALLBACK_FIGURES.companies,
      FALLBACK_FIGURES.projects,
      FALLBACK_FIGURES.activeTests,
      FALLBACK_FIGURES.openSlots,
    ]);
  });
});

describe('formatFigure', () => {
  it("formats in the page's locale", () => {
    expect(formatFigure(2200, 'K+', 'en')).toBe('2,200K+');
    expect(formatFigure(2200, 'K+', 'sw')).toBe('2,200K+');
    expect(formatFigure(79, '', 'sw')).toBe('79');
  });
});
