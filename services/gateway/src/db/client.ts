import { createPool, type Queryable, type SqlPool } from '@vrp/sql';
import { ping } from '../generated/sql/health.queries.js';

/**
 * What a db/ module runs its statements on: the gateway's pool, or the connection of a transaction
 * another db/ module opened (a use case hands it on, as the invitation does to its mail and audit entry).
 */
export type Tx = Queryable;

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/** The pool a one-shot process (the operator CLI) opens on the gateway's database; the service opens its own in app.ts. */
export function openDatabase(databaseUrl: string): SqlPool {
  return createPool(databaseUrl);
}
