// A mandate list filtered by metadata[key]=value reads the metadata GIN index: at 100,000
// mandates of one merchant the plan has no sequential scan of the table, and the page is the match.
import pg from 'pg';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { common } from '@vrp/contracts';
import { createTestDatabase, planNodes, planOf, type TestDatabase } from '@vrp/testing';
import { listMandates } from '../src/db/list-mandates.js';

let db: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(['mandate']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`INSERT INTO mandate.customers (id, merchant_id, sca_completed) VALUES ('CU1', 'MR1', true)`);
  await sql.query(
    `INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency, metadata)
     SELECT 'MD' || lpad(i::text, 8, '0'), 'MR1', 'CU1', 'pending_sca', 1000, 'GBP', 'monthly', jsonb_build_object('contract', 'C' || i)
       FROM generate_series(1, 100000) i`,
  );
  await sql.query('ANALYZE mandate.mandates');
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('a mandate list filtered by metadata at 100,000 mandates', () => {
  it('reads the metadata GIN index, never the whole table, and finds the match', async () => {
    const page = create(common.PageRequestSchema, { order: common.SortOrder.CREATED_AT_DESC, pageSize: 20 });
    const nodes = planNodes(await planOf(sql, (pool) => listMandates(pool, 'MR1', { metadata: { contract: 'C4242' } }, page)));
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes.some((n) => n['Index Name'] === 'mandates_metadata_idx')).toBe(true);
    const found = await listMandates(sql as never, 'MR1', { metadata: { contract: 'C4242' } }, page);
    expect(found.items.map((m) => m.id)).toEqual(['MD00004242']);
  });
});
