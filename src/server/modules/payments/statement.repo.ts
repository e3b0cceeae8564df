import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments, studies } from '../../db/schema/index';
import {
  afterMicroCursor,
  microText,
  newestFirst,
  type MicroCursor,
} from '../../lib/keyset-cursor';

/**
 * One participant's payments with their study's title, newest first, after the cursor
 * (GET /api/me/payments). The participant is always in the WHERE: no cursor, however
 * made, reaches another person's rows.
 */
export async function statementRows(
  db: DbOrTx,
  participantId: string,
  page: { cursor: MicroCursor | undefined; limit: number },
) {
  return db
    .select({
      id: payments.id,
      testId: payments.testId,
      testTitle: studies.title,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      transactionId: payments.transactionId,
      processedAt: payments.processedAt,
      reason: payments.reason,
      createdAt: payments.createdAt,
      cursorAt: microText(payments.createdAt),
    })
    .from(payments)
    .innerJoin(studies, eq(studies.id, payments.testId))
    .where(
      and(
        eq(payments.participantId, participantId),
        afterMicroCursor(payments.createdAt, payments.id, page.cursor),
      ),
    )
    .orderBy(...newestFirst(payments.createdAt, payments.id))
    .limit(page.limit);
}
export type StatementRow = Awaited<ReturnType<typeof statementRows>>[number];

export async function countStatementRows(db: DbOrTx, participantId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.participantId, participantId));
  return row?.total ?? 0;
}
