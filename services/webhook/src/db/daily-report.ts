/** The daily delivery report in one statement over the merchant's events by creation time. */
import { rows, type Queryable } from '@vrp/sql';

/** One UTC day's events by their delivery status now; days without events are absent. */
export interface DailyDeliveryFigures {
  /** YYYY-MM-DD (UTC). */
  day: string;
  events: bigint;
  delivered: bigint;
  pending: bigint;
  failed: bigint;
}

interface FiguresRow {
  day: string;
  events: string;
  delivered: string;
  pending: string;
  failed: string;
}

// Read through events_merchant_id_created_at_id_idx; pending and retrying both mean "still being delivered".
const DAILY_FIGURES = `
  SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::text AS events,
         count(*) FILTER (WHERE delivery_status = 'delivered')::text AS delivered,
         count(*) FILTER (WHERE delivery_status IN ('pending', 'retrying'))::text AS pending,
         count(*) FILTER (WHERE delivery_status = 'delivery_failed')::text AS failed
    FROM webhook.events
   WHERE merchant_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
   GROUP BY 1
   ORDER BY 1`;

/** The merchant's figures for the UTC days [from, to) (YYYY-MM-DD), oldest first. */
export async function selectDailyDeliveryFigures(
  db: Queryable,
  merchantId: string,
  from: string,
  to: string,
): Promise<DailyDeliveryFigures[]> {
  const found = await rows<FiguresRow>(db, DAILY_FIGURES, [merchantId, `${from}T00:00:00Z`, `${to}T00:00:00Z`]);
  return found.map((r) => ({
    day: r.day,
    events: BigInt(r.events),
    delivered: BigInt(r.delivered),
    pending: BigInt(r.pending),
    failed: BigInt(r.failed),
  }));
}
