// A mandate read by id seeks the (merchant_id, id) key, on a table Postgres has no statistics for
// yet (a new deployment, or before ANALYZE) as on any other. With only the primary key on id, the
// open-loop benchmark's reads were planned on the (merchant_id, status, created_at, id) index
// instead: a walk over every entry of the merchant, about 20 pages per read for 2,000 mandates.
// A connection keeps the generic plan it makes after a few runs, so the plan made while the table
// was small matters as much as the one for a large table.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { common } from '@vrp/contracts';
import { createTestDatabase, pageRead, planOf, type PlanNode, type TestDatabase } from '@vrp/testing';
import { listMandates } from '../src/db/list-mandates.js';
import { MANDATE_BY_ID } from '../src/db/mandate-sql.js';

let db: TestDatabase;
let sql: pg.Client;
/** The generic plan of a read by id while the merchant had 300 mandates. */
let earlyPlan: PlanNode;

/** The generic plan (the services' prepared statements settle on it) of MANDATE_BY_ID for MD000299 of MR1, run. */
function planById(): Promise<PlanNode> {
  return planOf(sql, (db: pg.Client) => db.query(MANDATE_BY_ID, ['MD000299', 'MR1']));
}

beforeAll(async () => {
  db = await createTestDatabase(['mandate']);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  await sql.query(`INSERT INTO mandate.customers (id, merchant_id, sca_completed) VALUES ('CU1', 'MR1', true)`);
  // 3,000 mandates of one merchant, activated as the sandbox does (an update of each row); the
  // read by id is planned once when there are 300 of them.
  for (const [from, to] of [
    [1, 300],
    [301, 3000],
  ]) {
    await sql.query(
      `INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency)
       SELECT 'MD' || lpad(i::text, 6, '0'), 'MR1', 'CU1', 'pending_sca', 1000, 'GBP', 'monthly' FROM generate_series($1::int, $2::int) i`,
      [from, to],
    );
    await sql.query(
      `UPDATE mandate.mandates SET status = 'active', maximum_amount_minor = 1000 + (random() * 100000)::int WHERE status = 'pending_sca'`,
    );
    if (to === 300) earlyPlan = await planById();
  }
  // And 500 newer ones still waiting for SCA, with smaller amounts: an amount-order walk meets them first.
  await sql.query(
    `INSERT INTO mandate.mandates (id, merchant_id, customer_id, status, maximum_amount_minor, currency, frequency)
     SELECT 'MP' || lpad(i::text, 6, '0'), 'MR1', 'CU1', 'pending_sca', i, 'GBP', 'monthly' FROM generate_series(1, 500) i`,
  );
}, 30_000);
afterAll(async () => {
  await sql?.end();
  await db?.drop();
}, 30_000);

describe('a mandate read by id', () => {
  it('seeks the (merchant_id, id) key and reads a few pages, however many mandates the merchant has', async () => {
    const plan = await planById();
    expect([plan['Node Type'], plan['Index Name']]).toEqual(['Index Scan', 'mandates_merchant_id_id_key']);
    // Root, leaf and heap, with a dead version or two.
    expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(10);
  });

  it('seeks the same key when planned on a small table, whose plan a connection keeps as it grows', () => {
    expect([earlyPlan['Node Type'], earlyPlan['Index Name']]).toEqual(['Index Scan', 'mandates_merchant_id_id_key']);
  });
});

describe('a page of one status in amount order (?status=active&order=amount_minor)', () => {
  it('walks an index in the page order and stops after the page, instead of sorting every active mandate', async () => {
    const page = create(common.PageRequestSchema, { order: common.SortOrder.AMOUNT_ASC, pageSize: 20 });
    const plan = await planOf(sql, (db) => listMandates(db, 'MR1', { statuses: ['active'] }, page));
    // No sort, and the scan stops after the page and the one row that tells whether there is more.
    expect(pageRead(plan, 'mandates_')).toEqual({ sorts: false, index: 'mandates_status_merchant_amount_idx', rows: 21 });
  });
});
