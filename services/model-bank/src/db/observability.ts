import { rows, type Queryable } from '@vrp/sql';

/** Whether the database answers. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}

/** Consents, payments and payouts by status (metrics). */
export async function resourcesByStatus(db: Queryable): Promise<{ resource: string; status: string; count: number }[]> {
  return rows(
    db,
    `SELECT 'consent' AS resource, status, count(*)::int AS count FROM model_bank.consents GROUP BY status
     UNION ALL SELECT 'domestic_vrp', status, count(*)::int FROM model_bank.domestic_vrps GROUP BY status
     UNION ALL SELECT 'payout', status, count(*)::int FROM model_bank.payouts GROUP BY status`,
  );
}
