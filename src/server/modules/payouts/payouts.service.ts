import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { csvFromRows } from '../../lib/csv-export';
import { isKenyanMobile } from '../../../shared/phone';
import { centsToDecimal, formatKes, sumCents, toCents } from '../../../shared/rules/money';
import type { Payout, PayoutPreview, PayoutReleaseInput } from '../../../shared/schemas/payouts';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { afterPaymentMoved } from '../payments/payments.service';
import { findStudy } from '../studies/studies.repo';
import { studyNotFound } from '../studies/studies.service';
import { createDarajaClient, type DarajaClient } from './daraja';
import { parseB2CResult, parseStatusResult, statusOutcome } from './daraja-callbacks';
import {
  claimOverdueAttempts,
  claimQueuedAttempts,
  completePaidPayment,
  failPayment,
  findAttemptByToken,
  findPayout,
  insertAttempts,
  insertPayout,
  listPayouts,
  lockAttempt,
  lockPaymentRow,
  lockReleasePayments,
  markReleased,
  payoutBulkRows,
  payoutProgress,
  pendingPaymentIdsOfStudy,
  paymentsWithUnresolvedAttempts,
  SETTLED_BY_STAFF,
  updateAttempt,
  type ClaimedAttempt,
  type PayoutRow,
  type ReleaseRow,
} from './payouts.repo';

/** Status queries for one attempt before it is handed to staff as "outcome unknown". */
export const MAX_STATUS_QUERIES = 5;
/**
 * A status query that finds no payment is believed only this long after the request was
 * sent: M-Pesa may still be working through its queue, and a retry then would pay twice.
 */
export const NOT_FOUND_GRACE_MS = 10 * 60_000;
/** Callback tokens: 256 bits, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

function personName(r: { firstName: string | null; lastName: string | null }): string {
  return r.firstName === null ? 'Deleted participant' : `${r.firstName} ${r.lastName ?? ''}`.trim();
}

/**
 * M-Pesa's description of a failure with what staff do next (shown in the console beside
 * the failed payment; participants see only that it will be retried).
 */
export function withAdvice(code: string, description: string): string {
  const advice =
    code === '1'
      ? 'Top up the paying M-Pesa account, then retry.'
      : ['2040', '2001', 'invalid_request'].includes(code) &&
          /receiver|credit party|msisdn|number/i.test(description)
        ? 'Ask the participant for a number registered on M-Pesa, then retry.'
        : code === '2001'
          ? 'Check MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL, then retry.'
          : /not be found|expired/i.test(description)
            ? 'Nothing was paid: retry.'
            : 'Check the payment in the M-Pesa portal before retrying.';
  return `${description.trim()} ${advice}`.slice(0, 500);
}

/** The send back-off of an attempt that certainly did not leave: 5 s, 10 s, 20 s … 10 min. */
function backoffMs(tries: number): number {
  return Math.min(10 * 60_000, 5_000 * 2 ** Math.max(0, tries - 1));
}

export function createPayoutsService({
  db,
  config,
  log,
  now = () => new Date(),
  daraja,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Tests wrap the real adapter to inject faults. */
  daraja?: DarajaClient;
}) {
  /** Called after a release commits: the worker's nudge (main.ts sets it). */
  let onReleased: (() => void) | undefined;
  const { provider, minAmount, maxAmount, mpesa } = config.payouts;
  const client: DarajaClient | undefined =
    daraja ?? (mpesa ? createDarajaClient(mpesa, { log, now: () => now().getTime() }) : undefined);
  const resultTimeoutMs = (mpesa?.resultTimeoutS ?? 60) * 1000;
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };
  const allowList = callbackAllowList(mpesa?.callbackIps);
  const system: RequestContext = { actor: null, ip: 'payout-worker', userAgent: undefined };

  function callbackUrls(token: string) {
    const base = `${config.publicUrl}/api/payouts/mpesa`;
    return { resultUrl: `${base}/result/${token}`, timeoutUrl: `${base}/timeout/${token}` };
  }

  /** Why a payment cannot go out as it is, or undefined. */
  function problemOf(r: ReleaseRow): string | undefined {
    if (r.participantId === null || r.payTo === null)
      return 'No payout number: the participant deleted their account. Pay by hand and record the reference.';
    if (provider === 'manual') return undefined;
    if (!isKenyanMobile(r.payTo))
      return `${r.payTo} is not a Kenyan mobile number: ask the participant to change their payout number.`;
    const cents = toCents(r.amount);
    if (cents % 100n !== 0n)
      return `Ksh ${r.amount} has cents: M-Pesa pays whole shillings. Pay it by hand.`;
    if (cents < BigInt(minAmount) * 100n)
      return `Below the per-transaction minimum of ${formatKes(BigInt(minAmount) * 100n)}.`;
    if (cents > BigInt(maxAmount) * 100n)
      return `Above the per-transaction maximum of ${formatKes(BigInt(maxAmount) * 100n)}: pay it by hand.`;
    return undefined;
  }

  async function idsOf(
    input: PayoutReleaseInput,
  ): Promise<{ ids: string[]; testId: string | null }> {
    // A uuid is one payment however it is written (the database compares them so).
    if ('paymentIds' in input)
      return { ids: [...new Set(input.paymentIds.map((id) => id.toLowerCase()))], testId: null };
    const study = await findStudy(db, input.testId);
    if (!study) throw notFound(studyNotFound());
    const ids = await pendingPaymentIdsOfStudy(db, input.testId);
    if (ids.length === 0) throw conflict('This study has no pending payments to release.');
    return { ids, testId: input.testId };
  }

  /** Checks the locked rows; throws the release's 404/409 answers. */
  function check(rows: ReleaseRow[], ids: string[]) {
    if (rows.length < ids.length) {
      const missing = ids.length - rows.length;
      throw notFound(
        missing === 1
          ? 'One of the payments was not found.'
          : `${missing} of the payments were not found.`,
      );
    }
    const notPending = rows.filter((r) => r.status !== 'pending');
    if (notPending.length > 0) {
      const states = [...new Set(notPending.map((r) => r.status))].join(', ');
      throw conflict(
        `${notPending.length} of the ${rows.length} payments ${notPending.length === 1 ? 'is' : 'are'} not pending (${states}): nothing was released. Refresh the list and choose again.`,
      );
    }
    const problems = rows.flatMap((r) => {
      const message = problemOf(r);
      return message ? [{ id: r.id, message: `${personName(r)}: ${message}` }] : [];
    });
    if (problems.length > 0) {
      throw new AppError(
        409,
        'CONFLICT',
        `${problems.length} of the ${rows.length} payments cannot be paid as they are: nothing was released.`,
        Object.fromEntries(problems.map((p) => [p.id, p.message])),
      );
    }
  }

  function toPayout(row: PayoutRow, progress: Map<string, Payout['progress']>): Payout {
    const p = row.payout;
    const name = row.adminEmail
      ? `${row.adminFirst ?? ''} ${row.adminLast ?? ''}`.trim() || row.adminEmail
      : null;
    return {
      id: p.id,
      provider: p.provider,
      count: p.count,
      amount: p.amount,
      createdAt: p.createdAt.toISOString(),
      createdByName: name,
      testId: p.testId,
      testTitle: row.testTitle,
      progress: progress.get(p.id) ?? {
        processing: 0,
        needsAttention: 0,
        completed: 0,
        failed: 0,
        other: 0,
        completedAmount: '0.00',
      },
    };
  }

  /** Records a final answer from M-Pesa on an attempt and its payment (locks held by the caller). */
  async function settle(
    tx: DbOrTx,
    attempt: NonNullable<Awaited<ReturnType<typeof lockAttempt>>>,
    payment: NonNullable<Awaited<ReturnType<typeof lockPaymentRow>>>,
    outcome:
      | { ok: true; receipt: string; code: string; description: string }
      | { ok: false; code: string; description: string },
  ) {
    const at = now();
    await updateAttempt(tx, attempt.id, {
      state: outcome.ok ? 'succeeded' : 'failed',
      receipt: outcome.ok ? outcome.receipt : null,
      resultCode: outcome.code.slice(0, 20),
      resultDesc: outcome.description.slice(0, 1000),
      resolvedAt: at,
    });
    const details = {
      attemptId: attempt.id,
      originatorConversationId: attempt.originatorConversationId,
      amount: attempt.amount,
      resultCode: outcome.code,
      ...(outcome.ok ? { receipt: outcome.receipt } : { description: outcome.description }),
    };
    if (payment.status !== 'processing') {
      // Staff settled it by hand while the answer was unknown: record, never move it again.
      log.error(
        { paymentId: payment.id, status: payment.status, ok: outcome.ok },
        'M-Pesa answered for a payment that is no longer processing; check it by hand',
      );
      await recordAudit(tx, system, {
        action: 'payout.late_answer',
        resource: 'payment',
        resourceId: payment.id,
        details: { ...details, paymentStatus: payment.status },
      });
      return;
    }
    if (outcome.ok) await completePaidPayment(tx, payment.id, outcome.receipt, at);
    else await failPayment(tx, payment.id, withAdvice(outcome.code, outcome.description), at);
    await afterPaymentMoved(
      tx,
      payment.participantId,
      outcome.ok ? { amount: payment.amount, reference: outcome.receipt } : undefined,
      mailOptions,
    );
    await recordAudit(tx, system, {
      action: outcome.ok ? 'payout.completed' : 'payout.failed',
      resource: 'payment',
      resourceId: payment.id,
      details,
    });
  }

  /** Sends one claimed attempt and records what the provider answered. */
  async function sendOne(a: ClaimedAttempt & { token: string }) {
    if (!client) return;
    const answer = await client.sendB2C({
      originatorConversationId: a.originatorConversationId,
      phone: a.phone,
      amount: Number(toCents(a.amount) / 100n),
      remarks: 'InsightLab study payment',
      occasion: a.testTitle.slice(0, 100),
      ...callbackUrls(a.token),
    });
    await recordAudit(db, system, {
      action: 'payout.sent',
      resource: 'payment',
      resourceId: a.paymentId,
      details: {
        attemptId: a.id,
        originatorConversationId: a.originatorConversationId,
        amount: a.amount,
        answer: answer.kind,
        ...(answer.kind === 'rejected'
          ? { code: answer.code, description: answer.description }
          : {}),
        ...(answer.kind === 'unknown' || answer.kind === 'not_sent' ? { error: answer.error } : {}),
      },
    });
    switch (answer.kind) {
      case 'accepted':
        await updateAttempt(
          db,
          a.id,
          {
            state: 'accepted',
            conversationId: answer.conversationId.slice(0, 100),
            lastError: null,
          },
          ['sending'],
        );
        return;
      case 'not_sent':
        log.warn({ attemptId: a.id, error: answer.error }, 'payout not sent; trying again later');
        await updateAttempt(
          db,
          a.id,
          {
            state: 'queued',
            lastError: answer.error.slice(0, 1000),
            nextCheckAt: new Date(now().getTime() + backoffMs(a.tries + 1)),
          },
          ['sending'],
        );
        return;
      case 'unknown':
        // The money may have moved: only a status query (after the deadline) may decide.
        log.warn({ attemptId: a.id, error: answer.error }, 'payout outcome unknown; will query');
        await updateAttempt(db, a.id, { lastError: answer.error.slice(0, 1000) }, ['sending']);
        return;
      case 'rejected':
        await db.transaction(async (tx) => {
          const payment = await lockPaymentRow(tx, a.paymentId);
          const attempt = await lockAttempt(tx, a.id);
          if (!payment || !attempt || attempt.state !== 'sending') return;
          await settle(tx, attempt, payment, {
            ok: false,
            code: answer.code,
            description: answer.description,
          });
        });
        return;
    }
  }

  /** Asks M-Pesa what became of one overdue attempt (the answer comes to its status token). */
  async function queryOne(a: ClaimedAttempt & { token: string }) {
    if (!client) return;
    const answer = await client.queryStatus({
      originatorConversationId: a.originatorConversationId,
      remarks: 'Payout status check',
      ...callbackUrls(a.token),
    });
    await recordAudit(db, system, {
      action: 'payout.status_query',
      resource: 'payment',
      resourceId: a.paymentId,
      details: {
        attemptId: a.id,
        originatorConversationId: a.originatorConversationId,
        answer: answer.kind,
      },
    });
    if (answer.kind !== 'accepted') {
      const error =
        answer.kind === 'rejected' ? `${answer.code}: ${answer.description}` : answer.error;
      log.warn({ attemptId: a.id, error }, 'status query not accepted; asking again later');
      await updateAttempt(db, a.id, { lastError: error.slice(0, 1000) });
    }
  }

  return {
    info() {
      return { provider, minAmount, maxAmount };
    },

    /** Runs `listener` after every committed release (the worker's nudge). */
    onRelease(listener: () => void) {
      onReleased = listener;
    },

    /** What a release would send and what stands in its way, without changing anything. */
    async preview(input: PayoutReleaseInput): Promise<PayoutPreview> {
      const { ids } = await idsOf(input);
      const rows = await db.transaction((tx) => lockReleasePayments(tx, ids));
      const pending = rows.filter((r) => r.status === 'pending');
      return {
        count: pending.length,
        amount: centsToDecimal(sumCents(pending.map((r) => toCents(r.amount)))),
        problems: [
          ...(rows.length < ids.length
            ? [{ paymentId: '', name: '', message: `${ids.length - rows.length} not found` }]
            : []),
          ...rows.flatMap((r) => {
            const message = r.status !== 'pending' ? `Not pending (${r.status})` : problemOf(r);
            return message ? [{ paymentId: r.id, name: personName(r), message }] : [];
          }),
        ],
      };
    },

    /**
     * pending -> processing for every chosen payment, in one transaction, or nothing: a
     * payment that is not pending (or cannot be paid as it is) makes the whole release 409.
     * With M-Pesa each payment gets a queued attempt, sent by the worker.
     */
    async release(input: PayoutReleaseInput, ctx: RequestContext) {
      const { ids, testId } = await idsOf(input);
      const payout = await db.transaction(async (tx) => {
        const rows = await lockReleasePayments(tx, ids);
        check(rows, ids);
        const unresolved = await paymentsWithUnresolvedAttempts(tx, ids);
        const stuck = rows.find((r) => unresolved.has(r.id));
        if (stuck)
          throw conflict(`${personName(stuck)}: an earlier payout of this payment is unresolved.`);
        const at = now();
        const amount = centsToDecimal(sumCents(rows.map((r) => toCents(r.amount))));
        const payoutId = await insertPayout(tx, {
          provider,
          createdBy: ctx.actor?.type === 'admin' ? ctx.actor.id : null,
          testId,
          count: rows.length,
          amount,
          createdAt: at,
        });
        await markReleased(tx, rows, payoutId, at);
        if (provider === 'mpesa')
          await insertAttempts(
            tx,
            rows.map((r) => ({
              paymentId: r.id,
              payoutId,
              originatorConversationId: randomUUID(),
              // Replaced by the real token's hash when the attempt is sent.
              tokenHash: sha256(newToken()),
              phone: r.payTo ?? '',
              amount: r.amount,
              nextCheckAt: at,
            })),
          );
        await recordAudit(tx, ctx, {
          action: 'payout.release',
          resource: 'payout',
          resourceId: payoutId,
          details: {
            provider,
            count: rows.length,
            amount,
            testId,
            paymentIds: rows.map((r) => r.id),
          },
        });
        return { id: payoutId, count: rows.length, amount };
      });
      onReleased?.();
      return payout;
    },

    async get(id: string): Promise<Payout> {
      const row = await findPayout(db, id);
      if (!row) throw notFound('Payout not found');
      return toPayout(row, await payoutProgress(db, [id]));
    },

    async list(limit = 20): Promise<Payout[]> {
      const rows = await listPayouts(db, limit);
      const progress = await payoutProgress(
        db,
        rows.map((r) => r.payout.id),
      );
      return rows.map((r) => toPayout(r, progress));
    },

    /**
     * The M-Pesa bulk payment file of one payout (the manual path): number as 2547…, whole
     * shillings as the bulk tools take them, and a reference naming the study.
     */
    async bulkCsv(id: string): Promise<{ filename: string; stream: Readable }> {
      const payout = await findPayout(db, id);
      if (!payout) throw notFound('Payout not found');
      // Its payments are in M-Pesa's hands: a file to pay them by hand would pay them twice.
      if (payout.payout.provider !== 'manual')
        throw conflict(
          'This payout is paid over M-Pesa: there is no file to pay it by hand. Follow its progress instead.',
        );
      const rows = await payoutBulkRows(db, id);
      const records = rows
        .filter((r) => r.status === 'processing')
        .map((r) => [
          r.paidTo?.replace(/^\+/, '') ?? '',
          r.amount,
          `${r.testTitle.slice(0, 60)} ${r.id.slice(0, 8)}`,
          personName(r),
        ]);
      return {
        filename: `payout-${payout.payout.createdAt.toISOString().slice(0, 10)}-${id.slice(0, 8)}.csv`,
        stream: csvFromRows(['Phone', 'Amount', 'Reference', 'Name'], records),
      };
    },

    /** Whether a callback may come from this address (MPESA_CALLBACK_IPS, when set). */
    callbackAllowed(ip: string): boolean {
      return allowList === undefined || allowList(ip);
    },

    /**
     * A result or timeout callback (decisions.md section 11). Idempotent: a repeated or
     * late callback changes nothing once the attempt is settled. Never throws for bad input.
     */
    async callback(kind: 'result' | 'timeout', token: string, body: unknown): Promise<void> {
      if (!TOKEN_SHAPE.test(token)) {
        log.warn('payout callback with a malformed token ignored');
        return;
      }
      const found = await findAttemptByToken(db, sha256(token));
      if (!found) {
        log.warn('payout callback with an unknown token ignored');
        return;
      }
      if (kind === 'timeout' && found.byStatusToken) {
        // The status query timed out in M-Pesa's queue (M-Pesa is busy): the next one keeps
        // its back-off, or five would go out within seconds and hand the payment to staff.
        log.info({ attemptId: found.id }, 'payout status query timed out; asking again later');
        return;
      }
      if (kind === 'timeout') {
        // The B2C request timed out in M-Pesa's queue: ask for the status now.
        await updateAttempt(db, found.id, { nextCheckAt: now() }, [
          'sending',
          'accepted',
          'querying',
        ]);
        log.info({ attemptId: found.id }, 'payout timeout callback; status query due');
        return;
      }
      const result = found.byStatusToken ? undefined : parseB2CResult(body);
      const status = found.byStatusToken ? parseStatusResult(body) : undefined;
      const parsed = result ?? status;
      if (!parsed) {
        log.warn({ attemptId: found.id }, 'malformed payout callback ignored');
        return;
      }
      await db.transaction(async (tx) => {
        const payment = await lockPaymentRow(tx, found.paymentId);
        const attempt = await lockAttempt(tx, found.id);
        if (!payment || !attempt) return;
        if (
          attempt.state === 'succeeded' ||
          attempt.state === 'failed' ||
          attempt.state === 'queued'
        ) {
          if (attempt.resultCode === SETTLED_BY_STAFF) {
            // Staff settled it while the outcome was unknown; M-Pesa has now answered.
            log.error(
              { attemptId: attempt.id },
              'M-Pesa answered a payout settled by staff; compare them',
            );
            await recordAudit(tx, system, {
              action: 'payout.late_answer',
              resource: 'payment',
              resourceId: payment.id,
              details: {
                attemptId: attempt.id,
                resultCode: parsed.resultCode,
                resultDesc: parsed.resultDesc,
              },
            });
          } else
            log.info(
              { attemptId: attempt.id, state: attempt.state },
              'repeated payout callback ignored',
            );
          return;
        }
        const code = String(parsed.resultCode);
        if (result) {
          if (result.originatorConversationId !== attempt.originatorConversationId) {
            log.warn({ attemptId: attempt.id }, 'payout callback for another request ignored');
            return;
          }
          if (result.resultCode === 0 && result.receipt)
            return settle(tx, attempt, payment, {
              ok: true,
              receipt: result.receipt,
              code,
              description: result.resultDesc,
            });
          if (result.resultCode === 0) {
            log.warn({ attemptId: attempt.id }, 'success callback without a receipt; will query');
            await updateAttempt(tx, attempt.id, { nextCheckAt: now() });
            return;
          }
          return settle(tx, attempt, payment, { ok: false, code, description: result.resultDesc });
        }
        if (!status) return;
        const completed =
          status.resultCode === 0 &&
          status.receipt !== undefined &&
          (status.transactionStatus === undefined || /^completed$/i.test(status.transactionStatus));
        if (completed)
          return settle(tx, attempt, payment, {
            ok: true,
            receipt: status.receipt!,
            code,
            description: status.resultDesc,
          });
        if (statusOutcome(status) === 'unknown') {
          // The query failed as a query (say 2001, the initiator refused) or M-Pesa has not
          // finished: it says nothing about the money. The next status query asks again.
          await updateAttempt(tx, attempt.id, {
            lastError: `Status: ${status.resultDesc}`.slice(0, 1000),
          });
          return;
        }
        const sentAt = attempt.sentAt?.getTime() ?? 0;
        if (now().getTime() - sentAt < NOT_FOUND_GRACE_MS) {
          // Too early to believe "not paid": M-Pesa may still be working through its queue.
          await updateAttempt(tx, attempt.id, {
            lastError: `Status: ${status.resultDesc}`.slice(0, 1000),
            nextCheckAt: new Date(sentAt + NOT_FOUND_GRACE_MS),
          });
          return;
        }
        return settle(tx, attempt, payment, {
          ok: false,
          code,
          description:
            status.resultCode === 0
              ? `M-Pesa reports the payment as ${status.transactionStatus ?? 'not completed'}`
              : status.resultDesc,
        });
      });
    },

    /** Claims due queued attempts and sends them; answers how many were sent. */
    async sendQueued(limit = 20): Promise<number> {
      if (!client) return 0;
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        const rows = await claimQueuedAttempts(tx, at, limit);
        const out: Array<ClaimedAttempt & { token: string }> = [];
        for (const r of rows) {
          const token = newToken();
          // Stored (state 'sending', with its deadline) before the call: if the process dies
          // during the call, the attempt is resolved by a status query, never sent again.
          await updateAttempt(tx, r.id, {
            state: 'sending',
            tokenHash: sha256(token),
            tries: r.tries + 1,
            sentAt: at,
            nextCheckAt: new Date(at.getTime() + resultTimeoutMs),
          });
          out.push({ ...r, token });
        }
        return out;
      });
      for (const [i, a] of claimed.entries()) {
        try {
          await sendOne(a);
        } catch (error) {
          // A write failed (the database lost). The attempts after this one certainly did not
          // leave: queued again (best effort) so a later run sends them, instead of a status
          // query finding nothing and failing payments that were never tried.
          for (const unsent of claimed.slice(i + 1))
            await updateAttempt(
              db,
              unsent.id,
              { state: 'queued', tries: unsent.tries, nextCheckAt: at },
              ['sending'],
            ).catch(() => false);
          throw error;
        }
      }
      return claimed.length;
    },

    /** Status queries for attempts whose answer is overdue; answers how many were asked. */
    async checkOverdue(limit = 20): Promise<number> {
      if (!client) return 0;
      const at = now();
      const claimed = await db.transaction(async (tx) => {
        const rows = await claimOverdueAttempts(tx, at, limit);
        const out: Array<ClaimedAttempt & { token: string }> = [];
        for (const r of rows) {
          if (r.statusQueries >= MAX_STATUS_QUERIES) {
            await updateAttempt(tx, r.id, {
              state: 'unknown',
              lastError: `No answer from M-Pesa after ${r.statusQueries} status queries`,
            });
            await recordAudit(tx, system, {
              action: 'payout.unknown',
              resource: 'payment',
              resourceId: r.paymentId,
              details: { attemptId: r.id, originatorConversationId: r.originatorConversationId },
            });
            log.error(
              { attemptId: r.id, paymentId: r.paymentId },
              'payout outcome unknown after every status query; staff must check the M-Pesa portal',
            );
            continue;
          }
          const token = newToken();
          await updateAttempt(tx, r.id, {
            state: 'querying',
            statusTokenHash: sha256(token),
            statusQueries: r.statusQueries + 1,
            nextCheckAt: new Date(at.getTime() + resultTimeoutMs * 2 ** r.statusQueries),
          });
          out.push({ ...r, token });
        }
        return out;
      });
      for (const a of claimed) await queryOne(a);
      return claimed.length;
    },
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;

/** MPESA_CALLBACK_IPS as a matcher; undefined allows every sender. */
function callbackAllowList(list: string[] | undefined): ((ip: string) => boolean) | undefined {
  if (!list || list.length === 0) return undefined;
  const blocks = new BlockList();
  for (const entry of list) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else blocks.addSubnet(address, Number(bits), type);
  }
  return (ip: string) => {
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    const type = isIP(plain);
    if (type === 0) return false;
    return blocks.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  };
}
