// The daily payment report on real Postgres: per UTC day and currency, created payments and how
// they ended, and what settled that day; two currencies are never added together, days without
// payments are present and empty, and at 100,000 payments the statement reads the merchant's
// indexes, never the whole table.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, planNodes, planOf, type TestDatabase } from '@vrp/testing';
import { selectDailyFigures } from '../src/db/daily-report.js';
import { getDailyPaymentReport } from '../src/usecases/get-daily-payment-report.js';

let db: TestDatabase;
let sql: pg.Client;
let pool: pg.Pool;
let seq = 0;

interface Seed {
  merchant?: string;
  createdAt: string;
  status: 'submitted' | 'settled' | 'failed' | 'refunded';
  amount?: number;
  currency?: string;
  settledOn?: string;
}

async function insert(...payments: Seed[]): Promise<void> {
  for (const p of payments) {
    const id = `PMT${String(++seq).padStart(6, '0')}`;
    const amount = p.amount ?? 1000;
    await sql.query(
      `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date,
                                     failure_code, amount_refunded_minor, created_at, submitted_at, reference, end_to_end_id)
       VALUES ($1, $2, $1, $3, $4, $5, 'cleared', $6, $7, $8, $9, $9, $1, $1)`,
      [
        id,
        p.merchant ?? 'MRDAYS',
        amount,
        p.currency ?? 'GBP',
        p.status,
        p.settledOn ?? null,
        p.status === 'failed' ? 'insufficient_funds' : null,
        p.status === 'refunded' ? amount : 0,
        p.createdAt,
      ],
    );
  }
}

beforeAll(async () => {
  db = await createTestDatabase(['payment']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('the daily payment report', () => {
  beforeAll(async () => {
    await insert(
      // Created on 1 November (UTC): two GBP settle on the 3rd, one fails, one is still submitted.
      { createdAt: '2026-11-01T00:00:00Z', status: 'settled', amount: 1000, settledOn: '2026-11-03' },
      { createdAt: '2026-11-01T12:30:00Z', status: 'refunded', amount: 2550, settledOn: '2026-11-03' },
      { createdAt: '2026-11-01T18:00:00Z', status: 'failed' },
      { createdAt: '2026-11-01T23:59:59.999Z', status: 'submitted' },
      // A EUR payment the same day, settled the same day: its own currency entry.
      { createdAt: '2026-11-01T09:00:00Z', status: 'settled', amount: 999, currency: 'EUR', settledOn: '2026-11-01' },
      // 2 November: nothing. 3 November, late in the UTC day (01:30 on the 4th in Paris, still the 3rd here).
      { createdAt: '2026-11-03T23:30:00Z', status: 'failed', currency: 'EUR' },
      // Outside [2026-11-01, 2026-11-04): the day before, the first instant of the 4th, a settlement on the 4th.
      { createdAt: '2026-10-31T23:59:59.999Z', status: 'settled', amount: 7000, settledOn: '2026-11-04' },
      { createdAt: '2026-11-04T00:00:00Z', status: 'failed' },
      // Another merchant's payment, same day: never in this merchant's report.
      { merchant: 'MROTHER', createdAt: '2026-11-01T10:00:00Z', status: 'settled', amount: 123456, settledOn: '2026-11-01' },
    );
  });

  it('counts per UTC day and currency, amounts in minor units, every day present', async () => {
    const report = await getDailyPaymentReport({ sql: pool } as never, 'MRDAYS', '2026-11-01', '2026-11-04');
    const figures = (created: number, succeeded: number, failed: number, collectedCount: number, collectedMinor: number) => ({
      created: BigInt(created),
      succeeded: BigInt(succeeded),
      failed: BigInt(failed),
      collectedCount: BigInt(collectedCount),
      collectedMinor: BigInt(collectedMinor),
    });
    expect(report).toEqual([
      {
        day: '2026-11-01',
        currencies: [
          { currency: 'EUR', ...figures(1, 1, 0, 1, 999) },
          { currency: 'GBP', ...figures(4, 2, 1, 0, 0) },
        ],
      },
      { day: '2026-11-02', currencies: [] },
      {
        day: '2026-11-03',
        currencies: [
          { currency: 'EUR', ...figures(1, 0, 1, 0, 0) },
          { currency: 'GBP', ...figures(0, 0, 0, 2, 3550) },
        ],
      },
    ]);
  });

  it('is empty on every day for a merchant without payments', async () => {
    const report = await getDailyPaymentReport({ sql: pool } as never, 'MRNONE', '2026-11-01', '2026-11-03');
    expect(report).toEqual([
      { day: '2026-11-01', currencies: [] },
      { day: '2026-11-02', currencies: [] },
    ]);
  });

  it('refuses a range longer than 92 days before reading anything', async () => {
    await expect(getDailyPaymentReport({ sql: pool } as never, 'MRDAYS', '2026-01-01', '2026-06-01')).rejects.toMatchObject({
      code: 'invalid_date_range',
    });
  });
});

describe('the daily payment report at 100,000 payments', () => {
  beforeAll(async () => {
    // 20 merchants of 5,000 payments each over the last 397 days: settled, failed, refunded and open, GBP and EUR.
    await sql.query(
      `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date,
                                     failure_code, amount_refunded_minor, created_at, submitted_at, reference, end_to_end_id)
       SELECT 'PMB' || lpad(i::text, 8, '0'), 'MRB' || (i % 20), 'MDB' || i, 1000 + i % 5000,
              CASE WHEN i % 3 = 0 THEN 'EUR' ELSE 'GBP' END, s.status, 'cleared',
              CASE WHEN s.status IN ('settled', 'refunded') THEN (c.at + interval '2 days')::date END,
              CASE WHEN s.status = 'failed' THEN 'insufficient_funds' END,
              CASE WHEN s.status = 'refunded' THEN 1000 + i % 5000 ELSE 0 END,
              c.at, c.at, 'R' || i, 'E' || i
         FROM generate_series(1, 100000) i,
              LATERAL (SELECT (ARRAY['settled', 'settled', 'settled', 'failed', 'refunded', 'submitted'])[1 + i % 6] AS status) s,
              LATERAL (SELECT timestamptz '2026-11-28T00:00:00Z' - (i % 397) * interval '1 day' + (i % 86400) * interval '1 second' AS at) c`,
    );
    await sql.query('VACUUM ANALYZE payment.payments');
  }, 120_000);

  it('reads only the merchant’s indexes: no sequential scan, the settled-by-day index for what was collected', async () => {
    const plan = await planOf(sql, (q) => selectDailyFigures(q, 'MRB7', '2026-08-28', '2026-11-28'));
    const nodes = planNodes(plan);
    console.table(
      nodes
        .filter((n) => n['Node Type'].endsWith('Scan'))
        .map((n) => ({ node: n['Node Type'], index: n['Index Name'], rows: n['Actual Rows'] })),
    );
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'payments_settled_by_day_idx')).toBe(true);
  });

  it('adds up to what the rows hold, for 92 days of one merchant', async () => {
    const figures = await selectDailyFigures(pool, 'MRB7', '2026-08-28', '2026-11-28');
    const { rows: expected } = await sql.query<{ created: string; collected: string }>(
      `SELECT (SELECT count(*) FROM payment.payments WHERE merchant_id = 'MRB7'
                 AND created_at >= '2026-08-28T00:00:00Z' AND created_at < '2026-11-28T00:00:00Z')::text AS created,
              (SELECT coalesce(sum(amount_minor), 0) FROM payment.payments WHERE merchant_id = 'MRB7'
                 AND settlement_date >= '2026-08-28' AND settlement_date < '2026-11-28')::text AS collected`,
    );
    expect(figures.reduce((s, f) => s + f.created, 0n)).toBe(BigInt(expected[0]!.created));
    expect(figures.reduce((s, f) => s + f.collectedMinor, 0n)).toBe(BigInt(expected[0]!.collected));
    expect(new Set(figures.map((f) => f.currency))).toEqual(new Set(['GBP', 'EUR']));
  });
});
