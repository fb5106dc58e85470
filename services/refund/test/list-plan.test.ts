// A page of refunds of one status (`?status=settled`, newest first or in amount order) walks an
// index in the page's order and stops after the page, instead of reading and sorting every
// refund of that status (which `status = ANY(array)` made Postgres do for each page).
import pg from 'pg';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { common } from '@vrp/contracts';
import { createTestDatabase, pageRead, planOf, type TestDatabase } from '@vrp/testing';
import { selectRefundPage } from '../src/db/refund-sql.js';

let db: TestDatabase;
let sql: pg.Client;

/** `count` refunds of merchant MR1 with ids `prefix`NNNNNN, their requests first. */
async function insertRefunds(
  prefix: string,
  count: number,
  columns: { status: string; amount: string; createdAt: string; settledAt: string },
) {
  await sql.query(
    `INSERT INTO refund.refund_requests (id, merchant_id, payment_id, amount_minor, state)
     SELECT '${prefix}' || lpad(i::text, 6, '0'), 'MR1', 'PM' || i, 1, 'completed' FROM generate_series(1, ${count}) i`,
  );
  await sql.query(
    `INSERT INTO refund.refunds (id, merchant_id, payment_id, amount_minor, currency, status, created_at, expected_settlement_date, settled_at)
     SELECT '${prefix}' || lpad(i::text, 6, '0'), 'MR1', 'PM' || i, ${columns.amount}, 'GBP', '${columns.status}', ${columns.createdAt},
            current_date, ${columns.settledAt}
       FROM generate_series(1, ${count}) i`,
  );
}

beforeAll(async () => {
  db = await createTestDatabase(['refund']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // 3,000 settled refunds, then 500 newer pending ones with smaller amounts: a walk in either
  // order meets those first.
  await insertRefunds('RS', 3000, {
    status: 'settled',
    amount: '1000 + (random() * 100000)::int',
    createdAt: `now() - interval '1 day' + i * interval '1 second'`,
    settledAt: 'now()',
  });
  await insertRefunds('RP', 500, {
    status: 'pending_settlement',
    amount: 'i',
    createdAt: `now() + i * interval '1 second'`,
    settledAt: 'NULL',
  });
}, 30_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('a page of settled refunds', () => {
  it.each([
    ['newest first', common.SortOrder.CREATED_AT_DESC, 'refunds_merchant_id_status_created_at_id_idx'],
    ['in amount order', common.SortOrder.AMOUNT_ASC, 'refunds_status_merchant_amount_idx'],
  ])('%s walks an index in the page order and stops after the page', async (_, order, index) => {
    const page = create(common.PageRequestSchema, { order, pageSize: 20 });
    const plan = await planOf(sql, (pool) => selectRefundPage(pool, 'MR1', { statuses: ['settled'] }, page));
    // No sort, and the scan stops after the page and the one row that tells whether there is more.
    expect(pageRead(plan, 'refunds_')).toEqual({ sorts: false, index, rows: 21 });
  });
});
