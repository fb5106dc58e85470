import { randomBytes } from 'node:crypto';
import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, retryingUniqueRace } from '../src/index.js';

// A table shaped like refund requests: a primary key, and a second unique index over the same
// row that a composite foreign key would refer to.
const table = `upsert_race_${randomBytes(4).toString('hex')}`;
const pool = createPool(TEST_DATABASE_ADMIN_URL, { max: 20 });

beforeAll(async () => {
  await pool.query(`CREATE TABLE ${table} (id text PRIMARY KEY, owner text NOT NULL, state text NOT NULL)`);
  await pool.query(`CREATE UNIQUE INDEX ${table}_id_owner ON ${table} (id, owner)`);
});
afterAll(async () => {
  await pool.query(`DROP TABLE IF EXISTS ${table}`);
  await pool.end();
});

/** Inserts the row in `state`, or moves it there while it is still open. */
const upsert = (id: string, state: string) =>
  pool.query(
    `INSERT INTO ${table} AS t (id, owner, state) VALUES ($1, 'o', $2)
     ON CONFLICT (id) DO UPDATE SET state = $2 WHERE t.state = 'open'`,
    [id, state],
  );

/** `races` pairs of upserts of a new row, ten pairs at a time; the error codes of those that threw. */
async function race(races: number, run: (id: string, state: string) => Promise<unknown>): Promise<string[]> {
  const codes: string[] = [];
  for (let batch = 0; batch < races / 10; batch++) {
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const id = randomBytes(8).toString('hex');
        const outcomes = await Promise.allSettled([run(id, 'completed'), run(id, 'abandoned')]);
        for (const o of outcomes) if (o.status === 'rejected') codes.push((o.reason as { code?: string }).code ?? String(o.reason));
      }),
    );
  }
  return codes;
}

describe('an upsert racing another on a new row', () => {
  it('can lose on the second unique index with unique_violation; retried, it takes its ON CONFLICT branch', async () => {
    // Without the retry some of the races fail (a few in a hundred): the race is real here.
    const bare = await race(400, upsert);
    expect(bare.length).toBeGreaterThan(0);
    expect(new Set(bare)).toEqual(new Set(['23505']));

    const retried = await race(400, (id, state) => retryingUniqueRace(() => upsert(id, state)));
    expect(retried).toEqual([]);
    // One row per race (800), holding whichever state got there first.
    const states = await pool.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM ${table} GROUP BY 1`);
    expect(states.rows.reduce((sum, r) => sum + r.n, 0)).toBe(800);
    expect(states.rows.every((r) => r.state === 'completed' || r.state === 'abandoned')).toBe(true);
  });

  it('still throws a duplicate that is not a race', async () => {
    await pool.query(`INSERT INTO ${table} (id, owner, state) VALUES ('taken', 'o', 'open')`);
    // No ON CONFLICT: the second run meets the same committed row and fails the same way.
    await expect(
      retryingUniqueRace(() => pool.query(`INSERT INTO ${table} (id, owner, state) VALUES ('taken', 'o', 'x')`)),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
