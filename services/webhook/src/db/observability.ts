import type { SqlPool } from '@vrp/sql';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await pool.query('SELECT 1');
}
