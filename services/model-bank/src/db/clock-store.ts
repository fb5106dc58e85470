import type { RawSql } from '@vrp/sandbox-clock';
import { rawSql, type SqlPool } from '@vrp/sql';

/** Where the payees' sandbox clocks keep their offsets: model_bank.merchant_clocks, on the pool. */
export function clockStore(pool: SqlPool): { db: RawSql; schema: string } {
  return { db: rawSql(pool), schema: 'model_bank' };
}
