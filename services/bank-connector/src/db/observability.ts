import type { SqlPool } from '@vrp/sql';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await pool.query('SELECT 1');
}

/** What the connector still owes: attempts by stage not yet reported, and mandate reports waiting. */
export async function backlog(pool: SqlPool): Promise<{ kind: string; count: number }[]> {
  const { rows } = await pool.query<{ kind: string; count: number }>(
    `SELECT 'payments_' || stage AS kind, count(*)::int AS count FROM connector.payments WHERE reported_at IS NULL GROUP BY stage
     UNION ALL SELECT 'refunds_' || stage, count(*)::int FROM connector.refunds WHERE reported_at IS NULL GROUP BY stage
     UNION ALL SELECT 'mandate_reports', count(*)::int FROM connector.mandate_reports WHERE reported_at IS NULL`,
  );
  return rows;
}
