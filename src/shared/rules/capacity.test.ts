import { describe, expect, it } from 'vitest';
import { applicationStatuses } from '../schemas/options';
import { isStudyFull, placesLeft, placesTaken, takesPlace } from './capacity';

describe('study capacity (decisions.md section 5)', () => {
  it('counts scheduled and completed applications as places taken, and nothing else', () => {
    const taking = applicationStatuses.filter(takesPlace);
    expect(taking).toEqual(['scheduled', 'completed']);
    const one = Object.fromEntries(applicationStatuses.map((s) => [s, 1]));
    expect(placesTaken(one)).toBe(2);
    expect(placesTaken({ scheduled: 3, completed: 4, declined: 9, interested: 7 })).toBe(7);
    expect(placesTaken({})).toBe(0);
  });

  it('is full once the places taken reach the maximum, and never has fewer than zero places left', () => {
    expect(isStudyFull({ maxParticipants: 3, currentParticipants: 2 })).toBe(false);
    expect(isStudyFull({ maxParticipants: 3, currentParticipants: 3 })).toBe(true);
    expect(isStudyFull({ maxParticipants: 3, currentParticipants: 5 })).toBe(true);
    expect(placesLeft({ maxParticipants: 10, currentParticipants: 4 })).toBe(6);
    expect(placesLeft({ maxParticipants: 3, currentParticipants: 5 })).toBe(0);
  });
});
