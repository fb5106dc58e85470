/** Readiness and gauges, each statement a query of sql/observability.sql typed by pgtyped. */
import type { SqlPool } from '@vrp/sql';
import { dueBacklog as dueBacklogQuery, outboxLag, ping } from '../generated/sql/observability.queries.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await outboxLag.run(undefined, pool))[0]!.lag;
}

/** Cycles due now or earlier on the wall clock that no payment has been made for yet (the scheduler's backlog). */
export async function dueBacklog(pool: SqlPool): Promise<number> {
  return (await dueBacklogQuery.run(undefined, pool))[0]!.n;
}
