import type { Queryable } from '@vrp/sql';
import { ping, resourcesByStatus as resourcesByStatusQuery } from '../generated/sql/observability.queries.js';

/** Whether the database answers. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await ping.run(undefined, db);
}

/** Consents, payments and payouts by status (metrics). */
export async function resourcesByStatus(db: Queryable): Promise<{ resource: string; status: string; count: number }[]> {
  return resourcesByStatusQuery.run(undefined, db);
}
