import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createStudy, loginAs } from '../../../../test/factories';
import { centsToDecimal, toCents } from '../../../shared/rules/money';
import {
  payoutReportSections,
  type PayoutReport,
  type PayoutReportSection,
} from '../../../shared/schemas/payout-report';
import { applicationSteps } from '../applications/applications.test-support';

/**
 * The reconciliation report (decisions.md section 11): for EAT days from..to, the payments
 * released, completed, failed and refunded, each section's rows and exact sums, on screen
 * (JSON) and as CSV. Payments are made and moved through the real routes; only their
 * timestamps are then placed on the days a case needs (the routes stamp now()).
 */
let t: TestApp;
let boss: { cookie: string; id: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const { apply, move, pay } = applicationSteps(
  () => t,
  () => boss,
);

const get = (url: string, cookie = boss.cookie) => t.app.inject({ url, headers: { cookie } });
const report = async (from: string, to: string) => {
  const res = await get(`/api/payouts/report?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PayoutReport;
};

/** A completed application of a new study: its pending completion payment's id. */
async function completionPayment(overrides: Parameters<typeof createStudy>[1] = {}) {
  const study = await createStudy(t.database.db, { payRate: '1000.50', duration: 1, ...overrides });
  const who = await apply(study.id);
  for (const status of ['scheduled', 'completed'])
    expect((await move(who.applicationId, { status })).statusCode).toBe(200);
  const extra = await t.app.inject({
    method: 'POST',
    url: `/api/applications/${who.applicationId}/payments`,
    headers: { cookie: boss.cookie },
    payload: { amount: '0.35', reason: 'bonus' },
  });
  expect(extra.statusCode, extra.body).toBe(201);
  const [row] = (
    (await t.database.db.execute(
      sql`SELECT id::text FROM payments WHERE application_id = ${who.applicationId} AND reason = 'completion'`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  return { paymentId: row!.id, bonusId: extra.json().payment.id as string, who, study };
}

async function moveTo(paymentId: string, ...steps: object[]) {
  for (const step of steps) {
    const res = await pay(paymentId, step);
    expect(res.statusCode, res.body).toBe(200);
  }
}
const release = { status: 'processing' };
const complete = { status: 'completed', paymentMethod: 'M-Pesa', transactionId: 'QGH7XK2L9P' };
const fail = { status: 'failed', failureReason: 'Insufficient balance' };
const refund = { status: 'refunded' };

/** The ledger's move each of a payment's dates records. */
const KIND_OF = {
  released_at: 'released',
  processed_at: 'completed',
  failed_at: 'failed',
  refunded_at: 'refunded',
} as const;

/**
 * Places a payment's section dates (EAT wall clock, "2026-01-31T23:30"): the payment's own
 * date and its latest move of that kind in the ledger (payment_events).
 */
async function place(paymentId: string, at: Partial<Record<keyof typeof KIND_OF, string>>) {
  for (const [column, value] of Object.entries(at)) {
    const when = `${value}:00+03:00`;
    await t.database.db.execute(
      sql`UPDATE payments SET ${sql.raw(column)} = ${when}::timestamptz WHERE id = ${paymentId}`,
    );
    await t.database.db.execute(
      sql`UPDATE payment_events SET at = ${when}::timestamptz WHERE id = (
        SELECT id FROM payment_events WHERE payment_id = ${paymentId}
           AND kind = ${KIND_OF[column as keyof typeof KIND_OF]}
         ORDER BY at DESC LIMIT 1)`,
    );
  }
}

/** The ledger's own sums for the range, straight from payment_events. */
async function ledger(from: string, to: string) {
  const start = `${from}T00:00:00+03:00`;
  const end = sql`(${to}::date + 1)::text || 'T00:00:00+03:00'`;
  const result = (await t.database.db.execute(sql`
    WITH r AS (SELECT ${start}::timestamptz AS s, (${end})::timestamptz AS e)
    SELECT
      coalesce(sum(amount) FILTER (WHERE kind = 'released'), 0)::numeric(14,2)::text AS released,
      coalesce(sum(amount) FILTER (WHERE kind = 'completed'), 0)::numeric(14,2)::text AS completed,
      coalesce(sum(amount) FILTER (WHERE kind = 'failed'), 0)::numeric(14,2)::text AS failed,
      coalesce(sum(amount) FILTER (WHERE kind = 'refunded'), 0)::numeric(14,2)::text AS refunded
    FROM payment_events, r
    WHERE at >= r.s AND at < r.e
  `)) as unknown as { rows: Record<PayoutReportSection, string>[] };
  return result.rows[0]!;
}

const ids = (r: PayoutReport, s: PayoutReportSection) => r.sections[s].rows.map((x) => x.paymentId);
const sumRows = (r: PayoutReport, s: PayoutReportSection) =>
  centsToDecimal(r.sections[s].rows.reduce((total, x) => total + toCents(x.amount), 0n));

/** RFC 4180: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endCell();
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe('the reconciliation report', () => {
  // Made once: a January whose payments went every way, and their neighbours.
  let paid: Awaited<ReturnType<typeof completionPayment>>;
  let refunded: Awaited<ReturnType<typeof completionPayment>>;
  let failed: Awaited<ReturnType<typeof completionPayment>>;
  let lateNight: Awaited<ReturnType<typeof completionPayment>>;
  let midnight: Awaited<ReturnType<typeof completionPayment>>;
  beforeAll(async () => {
    paid = await completionPayment();
    await moveTo(paid.paymentId, release, complete);
    await moveTo(paid.bonusId, release, complete);
    await place(paid.paymentId, {
      released_at: '2026-01-10T09:00',
      processed_at: '2026-01-10T09:05',
    });
    await place(paid.bonusId, {
      released_at: '2026-01-10T09:00',
      processed_at: '2026-01-10T09:06',
    });

    refunded = await completionPayment({ payRate: '2500.25' });
    await moveTo(refunded.paymentId, release, complete, refund);
    await place(refunded.paymentId, {
      released_at: '2026-01-12T10:00',
      processed_at: '2026-01-12T10:01',
      refunded_at: '2026-01-20T16:00',
    });

    failed = await completionPayment({ payRate: '333.33' });
    await moveTo(failed.paymentId, release, fail);
    await place(failed.paymentId, {
      released_at: '2026-01-15T08:00',
      failed_at: '2026-01-15T08:02',
    });

    // Completed at 23:30 EAT on the 31st: that day (20:30 UTC), not February.
    lateNight = await completionPayment({ payRate: '777.77' });
    await moveTo(lateNight.paymentId, release, complete);
    await place(lateNight.paymentId, {
      released_at: '2026-01-31T23:00',
      processed_at: '2026-01-31T23:30',
    });

    // Released at 00:00 EAT on 1 February (21:00 UTC on the 31st): February.
    midnight = await completionPayment({ payRate: '111.11' });
    await moveTo(midnight.paymentId, release);
    await place(midnight.paymentId, { released_at: '2026-02-01T00:00' });
  });

  it('puts each payment in the sections whose date is in range (one payment in several)', async () => {
    const jan = await report('2026-01-01', '2026-01-31');
    expect(ids(jan, 'released')).toEqual(
      expect.arrayContaining([paid.paymentId, paid.bonusId, refunded.paymentId, failed.paymentId]),
    );
    expect(ids(jan, 'completed')).toEqual(
      expect.arrayContaining([paid.paymentId, paid.bonusId, refunded.paymentId]),
    );
    expect(ids(jan, 'completed')).not.toContain(failed.paymentId);
    expect(ids(jan, 'failed')).toEqual([failed.paymentId]);
    expect(ids(jan, 'refunded')).toEqual([refunded.paymentId]);
    const row = jan.sections.refunded.rows[0]!;
    expect(row).toMatchObject({
      paymentId: refunded.paymentId,
      participantName: 'Amina Otieno',
      testTitle: refunded.study.title,
      reason: 'completion',
      amount: '2500.25',
      status: 'refunded',
      transactionId: 'QGH7XK2L9P',
      at: '2026-01-20T13:00:00.000Z',
    });
    expect(row.phone).toMatch(/^\+2547\d{8}$/);
  });

  it('counts a payment completed at 23:30 EAT on the 31st on that day, not the next', async () => {
    const jan31 = await report('2026-01-31', '2026-01-31');
    expect(ids(jan31, 'completed')).toEqual([lateNight.paymentId]);
    expect(jan31.sections.completed.rows[0]!.at).toBe('2026-01-31T20:30:00.000Z');
    const feb1 = await report('2026-02-01', '2026-02-01');
    expect(ids(feb1, 'completed')).not.toContain(lateNight.paymentId);
    // 00:00 EAT on 1 February is February's, though it is still the 31st in UTC.
    expect(ids(feb1, 'released')).toEqual([midnight.paymentId]);
    expect(ids(jan31, 'released')).not.toContain(midnight.paymentId);
  });

  it("totals equal the sum of their rows and the ledger's own sums for the same range", async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-01-31'],
      ['2026-01-31', '2026-02-01'],
      ['2026-01-12', '2026-01-20'],
    ] as const) {
      const r = await report(from, to);
      const sums = await ledger(from, to);
      for (const s of payoutReportSections) {
        expect(r.sections[s].amount).toBe(sumRows(r, s));
        expect(r.sections[s].count).toBe(r.sections[s].rows.length);
        expect(r.totals[s]).toBe(r.sections[s].amount);
        expect(r.totals[s], `${s} ${from}..${to}`).toBe(sums[s]);
      }
    }
    const jan = await report('2026-01-01', '2026-01-31');
    // 1000.50 + 0.35 + 2500.25 + 777.77 completed; 333.33 failed: to the cent.
    expect(jan.totals.completed).toBe('4278.87');
    expect(jan.totals.released).toBe('4612.20');
    expect(jan.totals.failed).toBe('333.33');
    expect(jan.totals.refunded).toBe('2500.25');
  });

  it('answers empty sections with 0 and "0.00"', async () => {
    const r = await report('2025-06-01', '2025-06-30');
    for (const s of payoutReportSections)
      expect(r.sections[s]).toEqual({ count: 0, amount: '0.00', rows: [] });
    expect(r).toMatchObject({ from: '2025-06-01', to: '2025-06-30' });
  });

  it('a payment not completed is never in "completed", even with a processing date', async () => {
    await place(failed.paymentId, { processed_at: '2026-01-15T08:01' });
    try {
      expect(ids(await report('2026-01-15', '2026-01-15'), 'completed')).toEqual([]);
    } finally {
      await t.database.db.execute(
        sql`UPDATE payments SET processed_at = NULL WHERE id = ${failed.paymentId}`,
      );
    }
  });

  it("the CSV has one line per section entry and total lines equal to the JSON's", async () => {
    const json = await report('2026-01-01', '2026-01-31');
    const res = await get('/api/payouts/report.csv?from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="payout-report-2026-01-01-to-2026-01-31.csv"',
    );
    expect(res.body).toContain('\r\n');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'Section',
      'At (EAT)',
      'Payment ID',
      'Participant',
      'Phone',
      'Study',
      'Reason',
      'Status',
      'Transaction ID',
      'Amount (KES)',
    ]);
    const entries = lines.filter((l) => !l[0]!.startsWith('Total'));
    const totals = lines.filter((l) => l[0]!.startsWith('Total'));
    const label = {
      released: 'Released',
      completed: 'Completed',
      failed: 'Failed',
      refunded: 'Refunded',
    };
    for (const s of payoutReportSections) {
      const mine = entries.filter((l) => l[0] === label[s]);
      expect(mine.map((l) => l[2])).toEqual(ids(json, s));
      const csvSum = centsToDecimal(mine.reduce((n, l) => n + toCents(l[9]!), 0n));
      const total = totals.find((l) => l[0] === `Total ${s}`)!;
      expect(total[9]).toBe(json.totals[s]);
      expect(csvSum).toBe(json.totals[s]);
      expect(total[3]).toBe(
        `${json.sections[s].count} payment${json.sections[s].count === 1 ? '' : 's'}`,
      );
    }
    expect(totals).toHaveLength(4);
    const late = entries.find((l) => l[0] === 'Completed' && l[2] === lateNight.paymentId)!;
    expect(late[1]).toBe('2026-01-31 23:30:00');
    expect(late[4]).toMatch(/^2547\d{8}$/);
    expect(late[6]).toBe('Study payment');
    expect(entries.find((l) => l[2] === paid.bonusId)![6]).toBe('Bonus');
  });

  it('neutralises spreadsheet formulas in the CSV (a study titled =HYPERLINK(…))', async () => {
    const evil = await completionPayment({ title: '=HYPERLINK("http://x.example","Pay")' });
    await moveTo(evil.paymentId, release);
    await place(evil.paymentId, { released_at: '2026-03-03T12:00' });
    const res = await get('/api/payouts/report.csv?from=2026-03-03&to=2026-03-03');
    const [, entry] = parseCsv(res.body);
    expect(entry![5]).toBe('\'=HYPERLINK("http://x.example","Pay")');
  });
});

describe('what the report refuses (400 with field messages)', () => {
  const cases: [string, string, Record<string, string>][] = [
    [
      'a last day before the first',
      'from=2026-02-01&to=2026-01-31',
      { to: 'The last day cannot be before the first day' },
    ],
    [
      'a range over 366 days',
      'from=2025-01-01&to=2026-01-02',
      { to: 'A report covers at most 366 days: choose a shorter range' },
    ],
    ['a day that does not exist', 'from=2026-02-30&to=2026-03-01', { from: expect.any(String) }],
    ['a day in another form', 'from=01/02/2026&to=2026-03-01', { from: expect.any(String) }],
    [
      'no days',
      '',
      {
        from: 'Enter the first day of the report, e.g. 2026-01-01',
        to: 'Enter the last day of the report, e.g. 2026-01-31',
      },
    ],
    [
      'a NUL byte',
      'from=2026-01-01%00&to=2026-01-31',
      { from: 'From contains characters that are not allowed' },
    ],
    ['a date before 1900', 'from=1899-12-31&to=1900-01-01', { from: expect.any(String) }],
  ];
  for (const path of ['/api/payouts/report', '/api/payouts/report.csv'])
    it.each(cases)(`${path} refuses %s`, async (_name, query, errors) => {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().errors).toEqual(errors);
    });

  it('takes exactly 366 days (2024 was a leap year) and a single day', async () => {
    expect((await get('/api/payouts/report?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
    expect((await get('/api/payouts/report?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
    expect((await get('/api/payouts/report.csv?from=2026-01-01&to=2026-01-01')).statusCode).toBe(
      200,
    );
  });
});

describe('who may read the report (admins)', () => {
  it('refuses participants (403) and visitors (401), JSON and CSV', async () => {
    const participant = await loginAs(t.app, t.database.db, 'participant');
    for (const path of ['/api/payouts/report', '/api/payouts/report.csv']) {
      const url = `${path}?from=2026-01-01&to=2026-01-31`;
      expect((await get(url, participant.cookie)).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
