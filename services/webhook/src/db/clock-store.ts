import type { SandboxClocksOptions } from '@vrp/sandbox-clock';
import { rawSql, type SqlPool } from '@vrp/sql';

/** Where the sandbox clocks keep the merchants' offsets: webhook.merchant_clocks, on the service's pool. */
export function clockStore(pool: SqlPool): NonNullable<SandboxClocksOptions['store']> {
  return { db: rawSql(pool), schema: 'webhook' };
}
