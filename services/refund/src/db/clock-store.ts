import type { SandboxClocksOptions } from '@vrp/sandbox-clock';
import { rawSql, type SqlPool } from '@vrp/sql';

/** Where the merchants' sandbox clock offsets are kept: refund.merchant_clocks, on the service's pool. */
export function clockStore(pool: SqlPool): NonNullable<SandboxClocksOptions['store']> {
  return { db: rawSql(pool), schema: 'refund' };
}
