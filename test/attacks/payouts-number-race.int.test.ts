import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../db';
import { signIn, TEST_PASSWORD } from '../factories';
import { payments, payoutAttempts } from '../../src/server/db/schema/index';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11): a participant changes their payout number while staff
 * release their payment. Whichever number is paid, the ledger must say the one that was
 * paid: payments.paid_to (the statement, the report, the bulk file) and the number the
 * B2C request goes to are the same, and it is the number the release checked.
 *
 * PostgreSQL only: on PGlite one connection runs one transaction at a time, so the change
 * cannot land inside the release.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

type AnyFn = (...args: unknown[]) => unknown;
type Client = { query: AnyFn; release: AnyFn };
type Pool = { connect: AnyFn };
const textOf = (q: unknown) =>
  typeof q === 'string' ? q : String((q as { text?: unknown }).text ?? '');

/** Runs `before` (once) just before the first statement matching `matches`, inside its transaction. */
function beforeStatement(matches: RegExp, before: () => Promise<void>): () => void {
  const pool = (h.t.database.db as unknown as { $client: Pool }).$client;
  const connect = pool.connect;
  let fired = false;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    if (args.length > 0) return connect.apply(this, args);
    return (connect.call(this) as Promise<Client>).then((client) => {
      const { query, release } = client;
      client.query = async function (this: unknown, ...q: unknown[]) {
        if (!fired && matches.test(textOf(q[0]))) {
          fired = true;
          await before();
        }
        return query.apply(this, q);
      };
      client.release = function (this: unknown, ...r: unknown[]) {
        client.query = query;
        client.release = release;
        return release.apply(this, r);
      };
      return client;
    });
  };
  return () => {
    pool.connect = connect;
  };
}

describe('a payout number changed while the payment is released', () => {
  it.runIf(onPostgres)(
    'the number recorded as paid to is the number the B2C request went to',
    async () => {
      const o = await h.owed(1);
      const person = await signIn(h.t.app, o.email);
      const newNumber = '+254799000001';
      let changed = 0;
      const undo = beforeStatement(/^\s*UPDATE payments p SET/i, async () => {
        const res = await h.t.app.inject({
          method: 'PUT',
          url: '/api/me/payout-number',
          headers: { cookie: person.cookie },
          payload: { payoutPhone: newNumber, currentPassword: TEST_PASSWORD },
        });
        changed = res.statusCode;
      });
      try {
        expect((await h.release([o.paymentId])).statusCode).toBe(202);
      } finally {
        undo();
      }
      expect(changed).toBe(200);
      await h.work();

      const [payment] = await h.t.database.db
        .select({ paidTo: payments.paidTo, status: payments.status })
        .from(payments)
        .where(eq(payments.id, o.paymentId));
      const [attempt] = await h.t.database.db
        .select({ phone: payoutAttempts.phone })
        .from(payoutAttempts)
        .where(eq(payoutAttempts.paymentId, o.paymentId));
      const sentTo = h.sim.requests.filter(
        (r) => r.partyB === o.phone.slice(1) || r.partyB === newNumber.slice(1),
      );
      expect(sentTo).toHaveLength(1);
      expect(payment!.paidTo).toBe(attempt!.phone);
      expect(`+${sentTo[0]!.partyB}`).toBe(payment!.paidTo);
    },
  );
});
