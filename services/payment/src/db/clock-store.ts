import type { SandboxClocksOptions } from '@vrp/sandbox-clock';
import { rawSql, type SqlPool } from '@vrp/sql';

/** Where the sandbox clocks keep their offsets: the merchant_clocks table of `schema`, on the service's pool. */
export function clockStore(pool: SqlPool, schema: string): NonNullable<SandboxClocksOptions['store']> {
  return { db: rawSql(pool), schema };
}
