// The daily delivery report on real Postgres: per UTC day, the events created that day by their
// delivery status now, days without events present with zeros, and at 100,000 events the
// statement reads the merchant's index, never the whole table.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, planNodes, planOf, type TestDatabase } from '@vrp/testing';
import { selectDailyDeliveryFigures } from '../src/db/daily-report.js';
import { getDailyDeliveryReport } from '../src/usecases/get-daily-delivery-report.js';

let db: TestDatabase;
let sql: pg.Client;
let pool: pg.Pool;
let seq = 0;

type Status = 'pending' | 'retrying' | 'delivered' | 'delivery_failed';
// The stored status must be the one the event's delivery counters give.
const COUNTERS: Record<Status, [number, number, number, number]> = {
  pending: [1, 0, 0, 0],
  retrying: [0, 1, 0, 0],
  delivered: [0, 0, 1, 0],
  delivery_failed: [0, 0, 0, 1],
};

async function insert(merchantId: string, createdAt: string, status: Status): Promise<void> {
  await sql.query(
    `INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, delivery_status,
                                 deliveries_pending, deliveries_retrying, deliveries_delivered, deliveries_failed)
     VALUES ($1, $2, 'payment.settled', $3, '{}', $4, $5, $6, $7, $8)`,
    [`EVT${String(++seq).padStart(6, '0')}`, merchantId, createdAt, status, ...COUNTERS[status]],
  );
}

beforeAll(async () => {
  db = await createTestDatabase(['webhook']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  pool = new pg.Pool({ connectionString: db.url, max: 2 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('the daily delivery report', () => {
  it('counts each UTC day’s events by delivery status, pending and retrying together, every day present', async () => {
    await insert('MRW', '2026-11-01T00:00:00Z', 'delivered');
    await insert('MRW', '2026-11-01T08:00:00Z', 'delivered');
    await insert('MRW', '2026-11-01T23:59:59.999Z', 'delivery_failed');
    await insert('MRW', '2026-11-03T10:00:00Z', 'pending');
    await insert('MRW', '2026-11-03T11:00:00Z', 'retrying');
    await insert('MRW', '2026-10-31T23:59:59.999Z', 'delivered');
    await insert('MRW', '2026-11-04T00:00:00Z', 'delivered');
    await insert('MROTHER', '2026-11-01T12:00:00Z', 'delivery_failed');
    const report = await getDailyDeliveryReport({ sql: pool } as never, 'MRW', '2026-11-01', '2026-11-04');
    expect(report).toEqual([
      { day: '2026-11-01', events: 3n, delivered: 2n, pending: 0n, failed: 1n },
      { day: '2026-11-02', events: 0n, delivered: 0n, pending: 0n, failed: 0n },
      { day: '2026-11-03', events: 2n, delivered: 0n, pending: 2n, failed: 0n },
    ]);
  });

  it('refuses a reversed range', async () => {
    await expect(getDailyDeliveryReport({ sql: pool } as never, 'MRW', '2026-11-04', '2026-11-01')).rejects.toMatchObject({
      code: 'invalid_date_range',
    });
  });

  it('reads the merchant’s index at 100,000 events, no sequential scan', async () => {
    // Seeded in one statement with the recording's per-row trigger off (each event gets its stream position here).
    await sql.query('SET session_replication_role = replica');
    await sql.query(
      `INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, delivery_status, deliveries_delivered, stream_seq)
       SELECT 'EVB' || lpad(i::text, 8, '0'), 'MRB' || (i % 20), 'payment.settled',
              timestamptz '2026-11-28T00:00:00Z' - (i % 397) * interval '1 day' + (i % 86400) * interval '1 second', '{}', 'delivered', 1, i
         FROM generate_series(1, 100000) i`,
    );
    await sql.query('SET session_replication_role = DEFAULT');
    await sql.query('VACUUM ANALYZE webhook.events');
    const nodes = planNodes(await planOf(sql, (q) => selectDailyDeliveryFigures(q, 'MRB7', '2026-08-28', '2026-11-28')));
    console.table(
      nodes
        .filter((n) => n['Node Type'].endsWith('Scan'))
        .map((n) => ({ node: n['Node Type'], index: n['Index Name'], rows: n['Actual Rows'] })),
    );
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    const figures = await selectDailyDeliveryFigures(pool, 'MRB7', '2026-08-28', '2026-11-28');
    const { rows } = await sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM webhook.events WHERE merchant_id = 'MRB7' AND created_at >= '2026-08-28T00:00:00Z' AND created_at < '2026-11-28T00:00:00Z'`,
    );
    expect(figures.reduce((s, f) => s + f.delivered, 0n)).toBe(BigInt(rows[0]!.n));
  }, 300_000);
});
