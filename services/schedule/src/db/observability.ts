/** Readiness and gauges: the service's own statements are queries of sql/observability.sql typed by pgtyped. */
import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';
import { dueBacklog as dueBacklogQuery, ping } from '../generated/sql/observability.queries.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql('schedule'))).rows[0]!.lag;
}

/** Cycles due now or earlier on the wall clock that no payment has been made for yet (the scheduler's backlog). */
export async function dueBacklog(pool: SqlPool): Promise<number> {
  return (await dueBacklogQuery.run(undefined, pool))[0]!.n;
}
