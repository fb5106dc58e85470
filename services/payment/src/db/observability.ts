import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';
import { SCHEMA } from './schema.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await pool.query('SELECT 1');
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql(SCHEMA))).rows[0]!.lag;
}

/** How many payments are in each status now. */
export async function paymentsByStatus(pool: SqlPool): Promise<{ status: string; count: number }[]> {
  return (
    await pool.query<{ status: string; count: number }>('SELECT status, count(*)::int AS count FROM payment.payments GROUP BY status')
  ).rows;
}
