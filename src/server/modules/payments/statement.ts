import type { DbOrTx } from '../../db/client';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import type {
  Statement,
  StatementPayment,
  StatementQuery,
} from '../../../shared/schemas/statement';
import { countStatementRows, statementRows, type StatementRow } from './statement.repo';

/** A statement row as the participant reads it: paidAt only while the payment is completed. */
export function toStatementPayment(row: StatementRow): StatementPayment {
  return {
    id: row.id,
    testId: row.testId,
    testTitle: row.testTitle,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.status === 'completed' ? (row.processedAt?.toISOString() ?? null) : null,
    reason: row.reason,
  };
}

/**
 * The participant's statement (decisions.md section 11): every payment of theirs, each
 * with its study, amount, status, dates, receipt and reason; one keyset page at a time.
 */
export async function statementOf(
  db: DbOrTx,
  participantId: string,
  query: StatementQuery,
): Promise<Statement> {
  const cursor = decodeMicroCursor(query.cursor);
  const [rows, total] = await Promise.all([
    statementRows(db, participantId, { cursor, limit: query.limit + 1 }),
    countStatementRows(db, participantId),
  ]);
  const { shown, nextCursor } = keysetPage(rows, query.limit, (r) => ({
    at: r.cursorAt,
    id: r.id,
  }));
  return { payments: shown.map(toStatementPayment), nextCursor, total };
}
