/** The daily payment report in one statement: both day keys of a payment read through the merchant's indexes. */
import type { Queryable } from '@vrp/sql';
import { dailyFigures } from '../generated/sql/daily-report.queries.js';

/** One currency's figures of one UTC day; days and currencies without any figure are absent. */
export interface DailyPaymentFigures {
  /** YYYY-MM-DD (UTC). */
  day: string;
  currency: string;
  created: bigint;
  succeeded: bigint;
  failed: bigint;
  collectedCount: bigint;
  collectedMinor: bigint;
}

// A payment counts twice over: on the UTC day it was created (created, and how it ended: settled or
// refunded counts as succeeded, failed as failed) and on its settlement date (collected). The first
// part of sql/daily-report.sql reads payments_merchant_id_created_at_id_idx, the second
// payments_settled_by_day_idx, whose included columns make it an index-only scan. One GROUP BY adds
// both up per day and currency.

/** The merchant's figures for the UTC days [from, to) (YYYY-MM-DD), by day then currency. */
export async function selectDailyFigures(db: Queryable, merchantId: string, from: string, to: string): Promise<DailyPaymentFigures[]> {
  const found = await dailyFigures.run(
    { merchantId, createdFrom: `${from}T00:00:00Z`, createdTo: `${to}T00:00:00Z`, settledFrom: from, settledTo: to },
    db,
  );
  return found.map((r) => ({
    day: r.day,
    currency: r.currency,
    created: BigInt(r.created),
    succeeded: BigInt(r.succeeded),
    failed: BigInt(r.failed),
    collectedCount: BigInt(r.collected_count),
    collectedMinor: BigInt(r.collected_minor),
  }));
}
