import type { SqlPool } from '@vrp/sql';
import { backlog as backlogQuery, ping } from '../generated/sql/observability.queries.js';

/** Answers when the database does (readiness). */
export async function pingDatabase(pool: SqlPool): Promise<void> {
  await ping.run(undefined, pool);
}

/** What the connector still owes: attempts by stage not yet reported, and mandate reports waiting. */
export async function backlog(pool: SqlPool): Promise<{ kind: string; count: number }[]> {
  return backlogQuery.run(undefined, pool);
}
