import type { Queryable } from '@vrp/sql';
import {
  clocksBehind as clocksBehindQuery,
  recordClockPushed as recordClockPushedQuery,
} from '../generated/sql/back-office-clocks.queries.js';

/**
 * Sandbox: each merchant's creditor accounts whose clock at the model bank is behind the merchant's
 * own clock (the offset pushed last is smaller than the offset held, or none was pushed).
 */
export async function clocksBehind(db: Queryable, limit: number): Promise<{ merchantId: string; accountId: string; offsetMs: number }[]> {
  // offset_ms is int8, read as its digits.
  return (await clocksBehindQuery.run({ limit }, db)).map((r) => ({
    merchantId: r.merchantId,
    accountId: r.accountId,
    offsetMs: Number(r.offsetMs),
  }));
}

/** Records the offset pushed for a merchant's account (never lowering one). */
export async function recordClockPushed(db: Queryable, merchantId: string, accountId: string, offsetMs: number): Promise<void> {
  await recordClockPushedQuery.run({ merchantId, accountId, offsetMs: String(offsetMs) }, db);
}
