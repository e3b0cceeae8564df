import { describe, expect, it } from 'vitest';
import { paymentStatuses } from '../schemas/options';
import { isOwed } from './payments';

describe('owed payments', () => {
  it('are the pending, processing and failed ones; completed and refunded are not owed', () => {
    expect(paymentStatuses.filter(isOwed)).toEqual(['pending', 'processing', 'failed']);
  });
});
