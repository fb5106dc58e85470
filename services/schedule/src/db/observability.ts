import { outboxLagSql } from '@vrp/outbox';
import type { SqlPool } from '@vrp/sql';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await pool.query('SELECT 1');
}

/** Seconds the oldest unpublished outbox row has waited (0 when none waits). */
export async function outboxLagSeconds(pool: SqlPool): Promise<number> {
  return (await pool.query<{ lag: number }>(outboxLagSql('schedule'))).rows[0]!.lag;
}

/** Cycles due now or earlier on the wall clock that no payment has been made for yet (the scheduler's backlog). */
export async function dueBacklog(pool: SqlPool): Promise<number> {
  return (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM schedule.cycles WHERE status = 'pending' AND due_at <= now()`))
    .rows[0]!.n;
}
