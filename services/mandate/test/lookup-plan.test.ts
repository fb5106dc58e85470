// A mandate read by id seeks the (merchant_id, id) key, on a table Postgres has no statistics for
// yet (a new deployment, or before ANALYZE) as on any other. With only the primary key on id, the
// open-loop benchmark's reads were planned on the (merchant_id, status, created_at, id) index
// instead: a walk over every entry of the merchant, about 20 pages per read for 2,000 mandates.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@vrp/testing';
import { MANDATE_BY_ID } from '../src/db/mandate-sql.js';

let db: TestDatabase;
let sql: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase(['mandate']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`INSERT INTO mandate.customers (id, merchant_id, sca_completed) VALUES ('CU1', 'MR1', true)`);
  // 3,000 mandates of one merchant, activated as the sandbox does (an update of each row).
  await sql.query(
    `INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency)
     SELECT 'MD' || lpad(i::text, 6, '0'), 'MR1', 'CU1', 'pending_sca', 1000, 'GBP', 'monthly' FROM generate_series(1, 3000) i`,
  );
  await sql.query(`UPDATE mandate.mandates SET status = 'active'`);
}, 30_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

describe('a mandate read by id', () => {
  it('seeks the (merchant_id, id) key and reads a few pages, however many mandates the merchant has', async () => {
    // The services run it as a prepared statement, which Postgres plans once for any id after a
    // few executions: the generic plan is the one to check.
    await sql.query('SET plan_cache_mode = force_generic_plan');
    const { rows } = await sql.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${MANDATE_BY_ID}`, [
      'MD002999',
      'MR1',
    ]);
    const plan = rows[0]!['QUERY PLAN'][0].Plan;
    expect([plan['Node Type'], plan['Index Name']]).toEqual(['Index Scan', 'mandates_merchant_id_id_key']);
    // Root, leaf and heap, with a dead version or two.
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(10);
  });
});
