import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';
const SCHEMA = 'mandate';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await pool.query('SELECT 1');
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql(SCHEMA))).rows[0]!.lag;
}
