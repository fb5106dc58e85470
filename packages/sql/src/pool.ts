import { tracePool } from '@vrp/tracing';
import pg from 'pg';

/** A service's connection pool: Prisma runs on it (through its adapter) and so do the hot paths' raw queries. */
export type SqlPool = pg.Pool;

/** What runs a query: the pool, or one connection inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

export interface PoolOptions {
  max?: number;
  /** Told about a connection that failed while idle or checked out (the query that used it fails too). */
  onError?: (err: Error) => void;
}

/**
 * A pool on `databaseUrl`. A connection Postgres terminates emits 'error' on the pool (idle) or
 * on the client (checked out); both are listened to, so a restart of Postgres fails queries
 * rather than crashing the service. Every query made inside a trace gets its span (see tracePool).
 */
export function createPool(databaseUrl: string, { max = 10, onError = () => undefined }: PoolOptions = {}): SqlPool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  tracePool(pool as unknown as Parameters<typeof tracePool>[0]);
  return pool;
}

/** The rows of one statement. */
export async function rows<R extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []): Promise<R[]> {
  return (await db.query<R>(text, values)).rows;
}

/**
 * Runs `work` on one connection of `pool`, which opens and ends its transaction itself (for
 * callers that fold BEGIN or COMMIT into a multi-statement round trip). When `work` throws, any
 * transaction it left open is rolled back and the error rethrown; a connection that failed is
 * discarded, not given back to the pool.
 */
export async function onConnection<T>(pool: SqlPool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    return await work(client);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Runs `work` in one transaction: committed when it resolves, rolled back when it throws (the error is rethrown). */
export function transaction<T>(pool: SqlPool, work: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  return onConnection(pool, async (client) => {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  });
}

/** The `$queryRawUnsafe` shape shared helpers (Idempotency-Keys) take, over a pg connection. */
export function rawSql(db: Queryable): { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> } {
  return { $queryRawUnsafe: async <T>(query: string, ...values: unknown[]) => (await db.query(query, values)).rows as T };
}
