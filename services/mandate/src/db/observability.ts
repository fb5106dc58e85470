import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';
import { ping } from '../generated/sql/observability.queries.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits): the outbox package's statement. */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql('mandate'))).rows[0]!.lag;
}
