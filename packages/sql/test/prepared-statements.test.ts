import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, rows, transaction } from '../src/index.js';

// One connection, so every query below runs on the session whose prepared statements are read.
const pool = createPool(TEST_DATABASE_ADMIN_URL, { max: 1 });
afterAll(() => pool.end());

const prepared = (text: string) =>
  rows<{ name: string }>(pool, 'SELECT name FROM pg_prepared_statements WHERE statement = $1', [text]).then((r) => r.map((p) => p.name));

describe('statements with parameters', () => {
  it('are parsed once per connection and run by name afterwards', async () => {
    const text = 'SELECT $1::int + 1 AS n /* prepared-statements test: add */';
    for (let i = 0; i < 3; i++) expect((await rows<{ n: number }>(pool, text, [i]))[0]!.n).toBe(i + 1);
    const names = await prepared(text);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^vrp_\d+$/);
  });

  it('keep their name inside a transaction and in the config form', async () => {
    const text = "SELECT $1::text || '!' AS s /* prepared-statements test: shout */";
    await transaction(pool, async (tx) => {
      expect((await tx.query<{ s: string }>({ text, values: ['a'] })).rows[0]!.s).toBe('a!');
      expect((await tx.query<{ s: string }>(text, ['b'])).rows[0]!.s).toBe('b!');
    });
    expect(await prepared(text)).toHaveLength(1);
  });

  it('fail as before when they are wrong, and the connection goes on', async () => {
    const bad = 'SELECT $1::int FROM no_such_table_for_prepared_statements';
    await expect(rows(pool, bad, [1])).rejects.toThrow(/no_such_table_for_prepared_statements/);
    await expect(rows(pool, bad, [1])).rejects.toThrow(/no_such_table_for_prepared_statements/);
    expect((await rows<{ n: number }>(pool, 'SELECT $1::int AS n', [7]))[0]!.n).toBe(7);
  });

  it('without parameters run unnamed', async () => {
    const text = 'SELECT 42 AS n /* prepared-statements test: unnamed */';
    await rows(pool, text);
    await rows(pool, text);
    expect(await prepared(text)).toEqual([]);
  });
});
