import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';
import { paymentsByStatus as paymentsByStatusQuery, pingDatabase as pingDatabaseQuery } from '../generated/sql/observability.queries.js';
import { SCHEMA } from './schema.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await pingDatabaseQuery.run(undefined, pool);
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql(SCHEMA))).rows[0]!.lag;
}

/** How many payments are in each status now. */
export async function paymentsByStatus(pool: SqlPool): Promise<{ status: string; count: number }[]> {
  return paymentsByStatusQuery.run(undefined, pool);
}
