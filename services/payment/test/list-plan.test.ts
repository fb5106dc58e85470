// A page of payments of one status (`?status=settled`, newest first or in amount order) walks an
// index in the page's order and stops after the page. Filtered with `status = ANY(array)`, the
// open-loop benchmark's settled list read and sorted every settled payment of the merchant for
// each page of 20: about 2 ms of Postgres per request at 1,000 payments, growing with the merchant.
import pg from 'pg';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { common } from '@vrp/contracts';
import { createTestDatabase, pageRead, planOf, type TestDatabase } from '@vrp/testing';
import { selectPaymentPage } from '../src/db/payment-list.js';

let db: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(['payment']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  // 3,000 settled payments of one merchant, then 500 newer ones still submitted, with smaller
  // amounts: a walk in either order meets those first.
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, created_at, submitted_at, reference, end_to_end_id)
     SELECT 'PM' || lpad(i::text, 6, '0'), 'MR1', 'MD' || i, 1000 + (random() * 100000)::int, 'GBP', 'settled', 'cleared',
            current_date, now() - interval '1 day' + i * interval '1 second', now(), 'R' || i, 'PM' || lpad(i::text, 6, '0')
       FROM generate_series(1, 3000) i`,
  );
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, created_at, submitted_at, reference, end_to_end_id)
     SELECT 'PN' || lpad(i::text, 6, '0'), 'MR1', 'MN' || i, i, 'GBP', 'submitted', 'pending', now() + i * interval '1 second', now(), 'N' || i, 'PN' || lpad(i::text, 6, '0')
       FROM generate_series(1, 500) i`,
  );
}, 30_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('a page of settled payments', () => {
  it.each([
    ['newest first', common.SortOrder.CREATED_AT_DESC, 'payments_merchant_id_status_created_at_id_idx'],
    ['in amount order', common.SortOrder.AMOUNT_ASC, 'payments_status_merchant_amount_idx'],
  ])('%s walks an index in the page order and stops after the page', async (_, order, index) => {
    const page = create(common.PageRequestSchema, { order, pageSize: 20 });
    const plan = await planOf(sql, (pool) => selectPaymentPage(pool, { merchantId: 'MR1', statuses: ['settled'] }, page));
    // No sort, and the scan stops after the page and the one row that tells whether there is more.
    expect(pageRead(plan, 'payments_')).toEqual({ sorts: false, index, rows: 21 });
  });
});
