import { markDependencyError } from '@vrp/errors';
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
 * Every error a query or a connection attempt of the pool fails with is marked as the database's
 * (markDependencyError), so whoever answers for it tells a database that failed (503) from a bug
 * (500) by where the error came from, not by its wording.
 */
export function createPool(databaseUrl: string, { max = 10, onError = () => undefined }: PoolOptions = {}): SqlPool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  markConnectErrors(pool);
  tracePool(pool as unknown as Parameters<typeof tracePool>[0]);
  pool.on('connect', prepareOnce);
  pool.on('connect', markQueryErrors);
  return pool;
}

/** Marks an error of the database's client as the database's. */
const fromDatabase = <E>(err: E): E => markDependencyError(err, 'postgres');

/** A callback whose error, if any, is marked as the database's first. */
function markingCallback(callback: (...args: unknown[]) => unknown) {
  return (err: unknown, ...rest: unknown[]) => callback(err ? fromDatabase(err) : err, ...rest);
}

/** The pool's connect, promise or callback form (pool.query uses the latter), with its errors marked. */
function markConnectErrors(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    const [callback] = args;
    if (typeof callback === 'function') return connect(markingCallback(callback as (...a: unknown[]) => unknown));
    return (connect() as Promise<pg.PoolClient>).catch((err: unknown) => Promise.reject(fromDatabase(err)));
  };
}

/**
 * A connection's query, promise or callback form (the pool's own query uses the latter), with its
 * errors marked: the database's verdicts (a SQLSTATE) and the driver's and socket's failures alike.
 */
function markQueryErrors(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    if (typeof args[last] === 'function') args[last] = markingCallback(args[last] as (...a: unknown[]) => unknown);
    const result = query(...args);
    if (result instanceof Promise) return result.catch((err: unknown) => Promise.reject(fromDatabase(err)));
    return result;
  };
}

/** Statement names by text, for the whole process; a statement's name is the same on every connection. */
const statementNames = new Map<string, string>();
/** Beyond this many distinct statements, further ones run unnamed (parsed each time) rather than fill every connection. */
const MAX_NAMED_STATEMENTS = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(text, (name = `vrp_${statementNames.size + 1}`));
  return name;
}

/**
 * Makes every statement with parameters a named prepared statement on its connection: Postgres
 * parses it once per connection instead of on every call, and can keep its plan. Statements
 * without parameters (BEGIN, multi-statement strings) go through the simple protocol as before.
 */
function prepareOnce(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [first, values] = args;
    if (typeof first === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(first);
      if (name) return query({ name, text: first, values }, ...args.slice(2));
    } else if (
      first !== null &&
      typeof first === 'object' &&
      !('submit' in first) &&
      !('name' in first) &&
      typeof (first as { text?: unknown }).text === 'string' &&
      Array.isArray((first as { values?: unknown }).values) &&
      (first as { values: unknown[] }).values.length > 0
    ) {
      const name = statementName((first as { text: string }).text);
      if (name) return query({ ...first, name }, ...args.slice(1));
    }
    return query(...args);
  };
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
