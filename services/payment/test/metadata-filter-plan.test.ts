// A list filtered by metadata[key]=value (or by reference) reads the index that answers it, not
// the merchant's payments: at 100,000 payments of one merchant the plan has no sequential scan
// of the table, and the page holds exactly the payments that match.
import pg from 'pg';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { common } from '@vrp/contracts';
import { createTestDatabase, planNodes, planOf, type TestDatabase } from '@vrp/testing';
import { selectPaymentPage, type PaymentFilters } from '../src/db/payment-list.js';

let db: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(['payment']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(
    `INSERT INTO payment.payments (id, merchant_id, mandate_id, amount_minor, currency, status, clearing_status, settlement_date, created_at,
                                   submitted_at, metadata, reference, end_to_end_id)
     SELECT 'PM' || lpad(i::text, 8, '0'), 'MR1', 'MD' || (i % 1000), 1000 + i % 5000, 'GBP', 'settled', 'cleared', current_date,
            now() - interval '1 day' + i * interval '1 millisecond', now(),
            jsonb_build_object('order', 'O' || i, 'plan', CASE WHEN i % 2 = 0 THEN 'gold' ELSE 'basic' END, 'seats', i % 7),
            'INV ' || i, 'PM' || lpad(i::text, 8, '0')
       FROM generate_series(1, 100000) i`,
  );
  await sql.query('ANALYZE payment.payments');
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

const page = create(common.PageRequestSchema, { order: common.SortOrder.CREATED_AT_DESC, pageSize: 20 });
const list = (filters: Omit<PaymentFilters, 'merchantId'>) => selectPaymentPage(sql as never, { merchantId: 'MR1', ...filters }, page);
const scansOf = async (filters: Omit<PaymentFilters, 'merchantId'>) =>
  planNodes(await planOf(sql, (pool) => selectPaymentPage(pool, { merchantId: 'MR1', ...filters }, page)));

describe('a payment list filtered by metadata at 100,000 payments', () => {
  it('reads the metadata GIN index, never the whole table', async () => {
    const nodes = await scansOf({ metadata: { order: 'O4242' } });
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'payments_metadata_idx')).toBe(true);
  });

  it('combines up to three pairs, each through the index', async () => {
    const nodes = await scansOf({ metadata: { order: 'O4242', plan: 'gold', seats: '0' } });
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'payments_metadata_idx')).toBe(true);
  });

  it('matches exactly: a string pair, a number kept as a number, and no partial match', async () => {
    expect((await list({ metadata: { order: 'O4242' } })).items.map((p) => p.id)).toEqual(['PM00004242']);
    // 4242 % 7 = 0 and 4242 is even: seats is stored as the number 0.
    expect((await list({ metadata: { order: 'O4242', plan: 'gold', seats: '0' } })).items.map((p) => p.id)).toEqual(['PM00004242']);
    expect((await list({ metadata: { order: 'O4242', plan: 'basic' } })).items).toEqual([]);
    expect((await list({ metadata: { order: 'o4242' } })).items).toEqual([]);
    expect((await list({ metadata: { order: 'O4242', seats: '0.0' } })).items).toEqual([]);
  });

  it('finds a payment by its reference and its end-to-end identification through their indexes', async () => {
    for (const filters of [{ reference: 'INV 777' }, { endToEndId: 'PM00000777' }]) {
      const nodes = await scansOf(filters);
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
      expect((await list(filters)).items.map((p) => p.id)).toEqual(['PM00000777']);
    }
  });
});
