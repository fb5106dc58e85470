import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/index.js';

const made: TestDatabase[] = [];
afterAll(() => Promise.all(made.map((db) => db.drop())));

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('gives every caller its own migrated database, copied from one template per set of services', async () => {
    const [a, b] = await Promise.all([createTestDatabase(['refund']), createTestDatabase(['refund'])]);
    made.push(a!, b!);
    expect(a!.name).not.toBe(b!.name);

    // Migrated: the refund schema's tables are there, with its migration history.
    const tables = await query<{ table_name: string }>(
      a!.url,
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'refund' ORDER BY 1`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['refunds', 'outbox_events']));

    // Independent: what one test writes, the other does not see.
    await query(a!.url, `CREATE TABLE refund.only_in_a (x int)`);
    const inB = await query(b!.url, `SELECT 1 FROM information_schema.tables WHERE table_name = 'only_in_a'`);
    expect(inB).toEqual([]);

    // Commits do not wait for the disk in a test database.
    expect(await query(a!.url, 'SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'off' }]);
  });

  it('makes an empty database when given no services', async () => {
    const db = await createTestDatabase([]);
    made.push(db);
    expect(await query(db.url, `SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = 'refund'`)).toEqual([
      { n: 0 },
    ]);
  });
});
