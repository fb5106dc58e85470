/** The daily payment report in one statement: both day keys of a payment read through the merchant's indexes. */
import { rows, type Queryable } from '@vrp/sql';

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

interface FiguresRow {
  day: string;
  currency: string;
  created: string;
  succeeded: string;
  failed: string;
  collected_count: string;
  collected_minor: string;
}

// A payment counts twice over: on the UTC day it was created (created, and how it ended: settled or
// refunded counts as succeeded, failed as failed) and on its settlement date (collected). The first
// part reads payments_merchant_id_created_at_id_idx, the second payments_settled_by_day_idx, whose
// included columns make it an index-only scan. One GROUP BY adds both up per day and currency.
const DAILY_FIGURES = `
  SELECT day::text AS day, currency,
         sum(created)::text AS created, sum(succeeded)::text AS succeeded, sum(failed)::text AS failed,
         sum(collected_count)::text AS collected_count, sum(collected_minor)::text AS collected_minor
    FROM (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, currency, 1 AS created,
             (status IN ('settled', 'refunded'))::int AS succeeded, (status = 'failed')::int AS failed,
             0 AS collected_count, 0::bigint AS collected_minor
        FROM payment.payments
       WHERE merchant_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
      UNION ALL
      SELECT settlement_date, currency, 0, 0, 0, 1, amount_minor
        FROM payment.payments
       WHERE merchant_id = $1 AND settlement_date >= $4::date AND settlement_date < $5::date
         AND status IN ('settled', 'refunded')
    ) figures
   GROUP BY day, currency
   ORDER BY day, currency`;

/** The merchant's figures for the UTC days [from, to) (YYYY-MM-DD), by day then currency. */
export async function selectDailyFigures(db: Queryable, merchantId: string, from: string, to: string): Promise<DailyPaymentFigures[]> {
  const found = await rows<FiguresRow>(db, DAILY_FIGURES, [merchantId, `${from}T00:00:00Z`, `${to}T00:00:00Z`, from, to]);
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
