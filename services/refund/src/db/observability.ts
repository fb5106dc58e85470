import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';
import { ping, refundsByStatus as refundsByStatusQuery } from '../generated/sql/observability.queries.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql('refund'))).rows[0]!.lag;
}

/** How many refunds are in each status now. */
export async function refundsByStatus(pool: SqlPool): Promise<{ status: string; count: number }[]> {
  return refundsByStatusQuery.run(undefined, pool);
}
