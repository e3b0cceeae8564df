import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../db';
import { signIn } from '../factories';
import { payments } from '../../src/server/db/schema/index';
import { recomputeEarnings } from '../../src/server/modules/payments/earnings.repo';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, "money stays exact"): M-Pesa answers several payments of
 * one participant at the same moment (one release, callbacks in parallel). Each answer
 * recomputes the participant's earnings from the payments; on PostgreSQL a recompute that
 * waited for another one's row lock wrote sums read before that one committed, so the
 * earnings card (total paid, pending) lost payments the statement shows as paid.
 *
 * PostgreSQL only: PGlite runs one transaction at a time.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

describe('callbacks for several payments of one participant at once', () => {
  it.runIf(onPostgres)(
    'leave the earnings equal to the sums over the statement: every paid payment counted',
    async () => {
      const first = await h.owed(1, '1000.00');
      const ids = [first.paymentId];
      for (let i = 0; i < 7; i++) {
        const [row] = await h.t.database.db
          .insert(payments)
          .values({
            participantId: first.participantId,
            testId: first.studyId,
            amount: `${1000 + i}.00`,
            currency: 'KES',
            status: 'pending',
            reason: i === 0 ? 'transport' : 'bonus',
          })
          .returning({ id: payments.id });
        ids.push(row!.id);
      }
      await recomputeEarnings(h.t.database.db, first.participantId);
      // M-Pesa takes every request; its answers are sent below, all at once.
      const sent: { resultUrl: string; ocid: string; amount: number }[] = [];
      h.faults.send = async (_real, req) => {
        sent.push({
          resultUrl: req.resultUrl,
          ocid: req.originatorConversationId,
          amount: req.amount,
        });
        return {
          kind: 'accepted',
          conversationId: `AG_${sent.length}`,
          originatorConversationId: req.originatorConversationId,
        };
      };
      expect((await h.release(ids)).statusCode).toBe(202);
      await h.t.app.payouts.sendQueued();
      delete h.faults.send;
      expect(sent).toHaveLength(ids.length);
      await Promise.all(
        sent.map((s, i) =>
          fetch(s.resultUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              Result: {
                ResultType: 0,
                ResultCode: 0,
                ResultDesc: 'The service request is processed successfully.',
                OriginatorConversationID: s.ocid,
                ConversationID: `AG_${i}`,
                TransactionID: `QK${String(i).padStart(8, '0')}`,
                ResultParameters: {
                  ResultParameter: [
                    { Key: 'TransactionAmount', Value: s.amount },
                    { Key: 'TransactionReceipt', Value: `QK${String(i).padStart(8, '0')}` },
                  ],
                },
              },
            }),
          }),
        ),
      );
      const rows = await h.t.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.participantId, first.participantId));
      expect(rows.every((r) => r.status === 'completed')).toBe(true);
      const person = await signIn(h.t.app, first.email);
      const earnings = (
        await h.t.app.inject({ url: '/api/me/earnings', headers: { cookie: person.cookie } })
      ).json();
      expect(earnings.earnings).toMatchObject({ totalPaid: '8021.00', pendingPayments: '0.00' });
    },
  );
});
