/** The daily delivery report in one statement over the merchant's events by creation time. */
import type { Queryable } from '@vrp/sql';
import { dailyDeliveryFigures } from '../generated/sql/daily-report.queries.js';

/** One UTC day's events by their delivery status now; days without events are absent. */
export interface DailyDeliveryFigures {
  /** YYYY-MM-DD (UTC). */
  day: string;
  events: bigint;
  delivered: bigint;
  pending: bigint;
  failed: bigint;
}

/** The merchant's figures for the UTC days [from, to) (YYYY-MM-DD), oldest first. */
export async function selectDailyDeliveryFigures(
  db: Queryable,
  merchantId: string,
  from: string,
  to: string,
): Promise<DailyDeliveryFigures[]> {
  // Read through events_merchant_id_created_at_id_idx; pending and retrying both mean "still being
  // delivered", and the counts (int8) come as their digits.
  const found = await dailyDeliveryFigures.run({ merchantId, from: `${from}T00:00:00Z`, to: `${to}T00:00:00Z` }, db);
  return found.map((r) => ({
    day: r.day,
    events: BigInt(r.events),
    delivered: BigInt(r.delivered),
    pending: BigInt(r.pending),
    failed: BigInt(r.failed),
  }));
}
