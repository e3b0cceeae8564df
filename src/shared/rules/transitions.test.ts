import { describe, expect, it } from 'vitest';
import {
  applicationTransitions,
  canMove,
  paymentTransitions,
  requestTransitions,
} from './transitions';

describe('state machines (decisions.md section 5)', () => {
  it('moves applications forward only along the allowed edges; completed, declined, disqualified are final', () => {
    expect(canMove(applicationTransitions, 'interested', 'scheduled')).toBe(true);
    expect(canMove(applicationTransitions, 'selected', 'scheduled')).toBe(true);
    expect(canMove(applicationTransitions, 'scheduled', 'completed')).toBe(true);
    expect(canMove(applicationTransitions, 'interested', 'completed')).toBe(false);
    expect(canMove(applicationTransitions, 'selected', 'disqualified')).toBe(false);
    for (const final of ['completed', 'declined', 'disqualified'] as const) {
      expect(applicationTransitions[final]).toEqual([]);
    }
  });

  it('moves payments pending -> processing -> completed -> refunded, with failed retried to pending', () => {
    expect(canMove(paymentTransitions, 'pending', 'processing')).toBe(true);
    expect(canMove(paymentTransitions, 'processing', 'completed')).toBe(true);
    expect(canMove(paymentTransitions, 'failed', 'pending')).toBe(true);
    expect(canMove(paymentTransitions, 'completed', 'refunded')).toBe(true);
    expect(canMove(paymentTransitions, 'pending', 'completed')).toBe(false);
    expect(canMove(paymentTransitions, 'refunded', 'pending')).toBe(false);
  });

  it('moves requests new -> contacted -> in-progress -> closed, skipping contacted allowed', () => {
    expect(canMove(requestTransitions, 'new', 'in-progress')).toBe(true);
    expect(canMove(requestTransitions, 'contacted', 'new')).toBe(false);
    expect(canMove(requestTransitions, 'new', 'closed')).toBe(false);
  });
});
