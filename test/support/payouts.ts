import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { payments } from '../../src/server/db/schema/index';
import { recomputeEarnings } from '../../src/server/modules/payments/earnings.repo';
import { createParticipant, createStudy } from '../factories';

/**
 * A participant whose phone ends in `digit` (the M-Pesa simulator's outcome) with one
 * pending payment of `amount` KES in `study` (a fresh study when none is given).
 */
export async function owedPayment(
  app: FastifyInstance,
  db: Db,
  options: { digit?: number; amount?: string; studyId?: string; phone?: string } = {},
) {
  const digit = options.digit ?? 0;
  const phone = options.phone ?? `+2547${crypto.randomInt(1_000_000, 10_000_000)}${digit}`;
  const { participant, input } = await createParticipant(app, { phone });
  const studyId = options.studyId ?? (await createStudy(db)).id;
  const [row] = await db
    .insert(payments)
    .values({
      participantId: participant.id,
      testId: studyId,
      amount: options.amount ?? '1500.00',
      currency: 'KES',
      status: 'pending',
    })
    .returning({ id: payments.id });
  await recomputeEarnings(db, participant.id);
  return { paymentId: row!.id, participantId: participant.id, studyId, phone, email: input.email };
}
