import { applyMigrations, createTestDatabase, type TestDatabase } from '@vrp/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The refund timeline moved from a JSON column to a table: refunds recorded before the move
// keep their whole history, in order, and nothing else is invented.
const MOVE = '20261123003000_timeline_table';
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase([]);
  await applyMigrations(db.url, 'refund', (name) => name < MOVE);
});
afterAll(() => db?.drop());

describe('the timeline table migration', () => {
  it('moves every stored timeline entry, in order, and drops the column', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const insert = async (id: string, timeline: { status: string; at: string }[], createdAt: string) => {
        const last = timeline.at(-1)!;
        await client.query(
          `INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state, created_at) VALUES ($1, 'MR1', 'PM1', 100, 'completed', $2)`,
          [id, createdAt],
        );
        await client.query(
          `INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, timeline, created_at, expected_settlement_date, settled_at)
           VALUES ($1, 'MR1', 'PM1', 100, 'GBP', $2, $3, $4, '2026-11-25', $5)`,
          [id, last.status, JSON.stringify(timeline), createdAt, last.status === 'settled' ? last.at : null],
        );
      };
      await insert('RF2', [{ status: 'pending_settlement', at: '2026-11-20T10:00:00.000Z' }], '2026-11-20T10:00:00.000Z');
      await insert(
        'RF1',
        [
          { status: 'pending_settlement', at: '2026-11-19T09:00:00.000Z' },
          { status: 'settled', at: '2026-11-21T09:30:00.000Z' },
        ],
        '2026-11-19T09:00:00.000Z',
      );
      await applyMigrations(db.url, 'refund', (name) => name === MOVE);
      const { rows } = await client.query(
        `SELECT refund_id, status, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at FROM refund.refund_timeline ORDER BY seq`,
      );
      expect(rows).toEqual([
        { refund_id: 'RF1', status: 'pending_settlement', at: '2026-11-19T09:00' },
        { refund_id: 'RF1', status: 'settled', at: '2026-11-21T09:30' },
        { refund_id: 'RF2', status: 'pending_settlement', at: '2026-11-20T10:00' },
      ]);
      const column = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = 'refund' AND table_name = 'refunds' AND column_name = 'timeline'`,
      );
      expect(column.rows).toEqual([]);
      await expect(
        client.query(`INSERT INTO refund.refund_timeline (refund_id, status, at) VALUES ('RF1', 'refunded', now())`),
      ).rejects.toThrow(/refund_timeline_status_check/);
    } finally {
      await client.end();
    }
  });
});
