import { describe, expect, it } from 'vitest';
import { FALLBACK_FIGURES, formatFigure, realFigures, statFigures } from './stat-figures';

const shown = (answer: Parameters<typeof statFigures>[0]) =>
  statFigures(answer).map((f) => formatFigure(f.value, f.suffix));

describe('statFigures (spec section 8, decision 012): all real or all fallback', () => {
  const answer = {
    participantCount: 2500,
    companiesServed: 7,
    productsOptimized: 4,
    activeTests: 2,
    totalParticipantsNeeded: 15,
  };

  it('shows the whole fallback set when there is no usable answer', () => {
    expect(shown(undefined)).toEqual(['22K+', '23+', '89+', '3', '79']);
    expect(shown(null)).toEqual(['22K+', '23+', '89+', '3', '79']);
    expect(shown({})).toEqual(['22K+', '23+', '89+', '3', '79']);
  });

  it('computes participants as floor(count / 1000 * 22) with the suffix K+', () => {
    expect(shown(answer)).toEqual(['55K+', '7+', '4+', '2', '15']);
    expect(shown({ ...answer, participantCount: 1000 })[0]).toBe('22K+');
    expect(shown({ ...answer, participantCount: 999 })[0]).toBe('21K+');
    expect(shown({ ...answer, participantCount: 100_000 })[0]).toBe('2,200K+');
  });

  it('never puts a fallback beside a real figure: a young panel shows its real count, zeros stay zeros', () => {
    expect(shown({ ...answer, participantCount: 40 })).toEqual(['40', '7+', '4+', '2', '15']);
    expect(
      shown({
        participantCount: 5,
        companiesServed: 5,
        productsOptimized: 1,
        activeTests: 0,
        totalParticipantsNeeded: 0,
      }),
    ).toEqual(['5', '5+', '1+', '0', '0']);
  });

  it('an answer missing any figure, or with one that is not a count, is the fallback set', () => {
    expect(realFigures({ ...answer, totalParticipantsNeeded: undefined })).toBeNull();
    for (const bad of ['many', -1, Number.NaN, null, '12']) {
      expect(realFigures({ ...answer, companiesServed: bad })).toBeNull();
    }
    expect(statFigures({ ...answer, activeTests: null }).map((f) => f.value)).toEqual([
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
