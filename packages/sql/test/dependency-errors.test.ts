import net from 'node:net';
import { once } from 'node:events';
import { unexpectedError } from '@vrp/errors';
import { TEST_DATABASE_ADMIN_URL } from '@vrp/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, rows, transaction } from '../src/index.js';

// What a service answers for a failure of its database, by where the failure came from: the
// pool, the driver or the socket (503 service_unavailable, retry), unless it is the database's
// verdict on the statement itself (SQLSTATE classes 22, 23, 42: a bug, 500 internal_error).
const pool = createPool(TEST_DATABASE_ADMIN_URL, { max: 2 });
const admin = new pg.Pool({ connectionString: TEST_DATABASE_ADMIN_URL, max: 1 });
afterAll(async () => {
  await pool.end();
  await admin.end();
});

const answered = async (work: Promise<unknown>) =>
  unexpectedError(
    await work.then(
      () => Promise.reject(new Error('it succeeded')),
      (e) => e,
    ),
  );

describe('errors of the pool', () => {
  it('are a dependency failure when the database cancels, aborts or deadlocks a statement, whatever its SQLSTATE says', async () => {
    // 57014 (a statement timeout), 25P02 (a transaction that went wrong), 40P01 (a deadlock):
    // none of them names a lost connection, all of them are the database's doing, not the request's.
    expect(
      (
        await answered(
          transaction(pool, async (tx) => (await tx.query('SET LOCAL statement_timeout = 10'), tx.query('SELECT pg_sleep(1)'))),
        )
      ).code,
    ).toBe('service_unavailable');
    expect(
      (await answered(transaction(pool, async (tx) => (await tx.query('SELECT 1 / 0').catch(() => undefined), tx.query('SELECT 1'))))).code,
    ).toBe('service_unavailable');
  });

  it('are a dependency failure when the server terminates the connection under a transaction', async () => {
    const err = await answered(
      transaction(pool, async (tx) => {
        const [{ pid }] = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await tx.query('SELECT 1');
      }),
    );
    expect(err.code).toBe('service_unavailable');
    // The pool goes on with a new connection.
    expect(await rows<{ n: number }>(pool, 'SELECT $1::int AS n', [7])).toEqual([{ n: 7 }]);
  });

  it('are a dependency failure when the server answers what the driver cannot read (no SQLSTATE, no known wording)', async () => {
    // A "server" that answers the start-up message with a byte no Postgres message starts with.
    const server = net.createServer((socket) => socket.once('data', () => socket.write(Buffer.from([0x01, 0, 0, 0, 5, 0]))));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const broken = createPool(`postgresql://postgres@127.0.0.1:${(server.address() as net.AddressInfo).port}/none`, { max: 1 });
    try {
      const err = await answered(rows(broken, 'SELECT $1::int AS n', [1]));
      expect(err.code).toBe('service_unavailable');
      expect(String((err.cause as Error).message)).not.toMatch(/terminat|ECONN|not queryable|connection error|closed/i);
    } finally {
      await broken.end().catch(() => undefined);
      server.close();
    }
  });

  it('are a bug when the database refuses the statement itself (classes 22, 23 and 42)', async () => {
    for (const statement of ['SELECT 1 / 0', "SELECT 'x'::int", 'SELECT * FROM no_such_table_at_all', 'SELECT no_such_column']) {
      const err = await answered(rows(pool, statement));
      expect(err.code, statement).toBe('internal_error');
    }
    const err = await answered(
      transaction(pool, async (tx) => {
        await tx.query('CREATE TEMP TABLE one_row (id int PRIMARY KEY)');
        await tx.query('INSERT INTO one_row VALUES ($1), ($1)', [1]);
      }),
    );
    expect(err.code).toBe('internal_error');
    expect((err.cause as { code?: string }).code).toBe('23505');
  });
});
