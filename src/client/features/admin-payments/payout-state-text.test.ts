import { describe, expect, it } from 'vitest';
import type { Payment } from '@/shared/schemas/payments';
import { payoutStateLines, withMpesa } from './payout-state-text';

const payment = (over: Partial<Payment>): Payment => ({
  id: 'p1',
  participantId: 'u1',
  participantName: 'Amani Otieno',
  participantEmail: 'amani@example.com',
  testId: 't1',
  testTitle: 'Sacco app study',
  applicationId: 'a1',
  amount: '1500.00',
  currency: 'KES',
  reason: 'completion',
  note: null,
  status: 'pending',
  paymentMethod: null,
  transactionId: null,
  processedAt: null,
  failureReason: null,
  createdAt: '2026-03-04T10:00:00.000Z',
  attempts: 0,
  payoutId: null,
  paidTo: null,
  releasedAt: null,
  payoutState: null,
  payoutError: null,
  ...over,
});

const texts = (p: Payment) => payoutStateLines(p).map((line) => line.text);
const released = {
  status: 'processing',
  payoutId: 'po1',
  paidTo: '+254712345671',
  attempts: 1,
} as const;

describe('a payment’s payout state in words', () => {
  it('says each step M-Pesa is at, with the number it goes to', () => {
    expect(texts(payment({ ...released, payoutState: 'queued' }))).toEqual([
      'Queued',
      'To +254712345671',
    ]);
    expect(texts(payment({ ...released, payoutState: 'sending' }))[0]).toBe('Sending');
    expect(texts(payment({ ...released, payoutState: 'accepted' }))[0]).toBe('Waiting for M-Pesa');
    expect(texts(payment({ ...released, payoutState: 'querying' }))[0]).toBe(
      'Checking with M-Pesa',
    );
  });

  it('says why a queued payment was not sent yet, and that it is retried', () => {
    expect(
      texts(
        payment({ ...released, payoutState: 'queued', payoutError: 'connect ECONNREFUSED' }),
      )[0],
    ).toBe('Not sent yet: connect ECONNREFUSED; retrying');
  });

  it('sends staff to the M-Pesa portal when the outcome stayed unknown', () => {
    const [line] = payoutStateLines(payment({ ...released, payoutState: 'unknown' }));
    expect(line).toEqual({
      text: 'Outcome unknown — check the M-Pesa portal, then mark it paid or failed',
      tone: 'warning',
    });
  });

  it("gives M-Pesa's reason for a failure and counts attempts past the first", () => {
    expect(
      texts(
        payment({
          ...released,
          status: 'failed',
          payoutState: 'failed',
          attempts: 2,
          failureReason: 'The balance is insufficient for the transaction.',
        }),
      ),
    ).toEqual([
      'Failed: The balance is insufficient for the transaction.',
      'Attempt 2',
      'To +254712345671',
    ]);
  });

  it('says a payment was paid over M-Pesa, and nothing for one never released', () => {
    expect(texts(payment({ ...released, status: 'completed', payoutState: 'succeeded' }))[0]).toBe(
      'Paid over M-Pesa',
    );
    expect(texts(payment({}))).toEqual([]);
  });

  it('a payment released for the bulk file (manual) says how it is paid', () => {
    expect(texts(payment({ ...released, payoutState: null }))[0]).toBe(
      'Released: pay it with the bulk file, then mark it paid',
    );
  });

  it('a payment M-Pesa has cannot be moved by hand; one whose outcome is unknown can', () => {
    for (const payoutState of ['queued', 'sending', 'accepted', 'querying'] as const)
      expect(withMpesa(payment({ ...released, payoutState }))).toBe(true);
    expect(withMpesa(payment({ ...released, payoutState: 'unknown' }))).toBe(false);
    // Retried: pending again, though its last attempt failed.
    expect(withMpesa(payment({ status: 'pending', payoutState: 'failed' }))).toBe(false);
  });
});
