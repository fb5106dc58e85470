// A refund list filtered by metadata[key]=value reads the metadata GIN index: at 100,000 refunds
// of one merchant the plan has no sequential scan of the table, and the page is the match.
import pg from 'pg';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { common } from '@vrp/contracts';
import { createTestDatabase, planNodes, planOf, type TestDatabase } from '@vrp/testing';
import { selectRefundPage } from '../src/db/refund-sql.js';

let db: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(['refund']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(
    `INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state)
     SELECT 'RF' || lpad(i::text, 8, '0'), 'MR1', 'PM' || i, 1, 'completed' FROM generate_series(1, 100000) i`,
  );
  await sql.query(
    `INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, created_at, expected_settlement_date, metadata)
     SELECT 'RF' || lpad(i::text, 8, '0'), 'MR1', 'PM' || i, 100, 'GBP', 'pending_settlement', now() - interval '1 day' + i * interval '1 millisecond',
            current_date, jsonb_build_object('ticket', 'T' || i)
       FROM generate_series(1, 100000) i`,
  );
  await sql.query('ANALYZE refund.refunds');
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('a refund list filtered by metadata at 100,000 refunds', () => {
  it('reads the metadata GIN index, never the whole table, and finds the match', async () => {
    const page = create(common.PageRequestSchema, { order: common.SortOrder.CREATED_AT_DESC, pageSize: 20 });
    const nodes = planNodes(await planOf(sql, (pool) => selectRefundPage(pool, 'MR1', { metadata: { ticket: 'T777' } }, page)));
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'refunds_metadata_idx')).toBe(true);
    const found = await selectRefundPage(sql as never, 'MR1', { metadata: { ticket: 'T777' } }, page);
    expect(found.items.map((r) => r.id)).toEqual(['RF00000777']);
  });
});
