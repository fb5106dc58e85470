import type { SqlPool } from '@vrp/sql';
import { outboxLag, ping } from '../generated/sql/observability.queries.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/**
 * Seconds the oldest unpublished outbox row has waited (0 when none waits): the statement
 * outboxLagSql('mandate') of @vrp/outbox builds, as a typed query.
 */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await outboxLag.run(undefined, pool))[0]!.lag;
}
