import { Prisma } from '../generated/prisma/client.js';
import type { Db } from './client.js';
import { recountStatement } from './event-status.js';

/** Which of the merchant's events a bulk replay takes. */
export interface ReplaySelection {
  merchantId: string;
  /** '' for any. */
  deliveryStatus: string;
  /** '' for every enabled endpoint. */
  endpointId: string;
  createdFrom: Date | null;
  createdTo: Date | null;
}

/**
 * Re-arms the deliveries of up to `limit` matching events (oldest first) as manual attempts
 * due at `at`, in one transaction: events are locked in id order, as every other writer of
 * deliveries locks them, endpoints subscribed since an event was recorded get a delivery too,
 * and each event's deliveries are recounted with its status. Returns how many events were queued.
 */
export async function rearmMatchingEvents(db: Db, s: ReplaySelection, at: Date, limit: number): Promise<number> {
  const endpointFilter = s.endpointId ? Prisma.sql`AND ep.id = ${s.endpointId}` : Prisma.empty;
  return db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM (
        SELECT id, created_at FROM "webhook"."events"
         WHERE merchant_id = ${s.merchantId}
           AND (${s.deliveryStatus} = '' OR delivery_status = ${s.deliveryStatus})
           AND (${s.createdFrom}::timestamptz IS NULL OR created_at >= ${s.createdFrom}::timestamptz)
           AND (${s.createdTo}::timestamptz IS NULL OR created_at <= ${s.createdTo}::timestamptz)
         ORDER BY created_at, id LIMIT ${limit}
      ) chosen ORDER BY id FOR UPDATE`;
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    await tx.$executeRaw`
      INSERT INTO "webhook"."deliveries" (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
      SELECT ev.merchant_id, ev.id, ep.id, ${at}, ${at}, true
        FROM "webhook"."events" ev
        JOIN "webhook"."endpoints" ep ON ep.merchant_id = ev.merchant_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
             AND (cardinality(ep.enabled_events) = 0 OR ev.event_type = ANY(ep.enabled_events)) ${endpointFilter}
       WHERE ev.id = ANY(${ids})
      ON CONFLICT (event_id, endpoint_id) DO NOTHING`;
    await tx.$executeRaw`
      UPDATE "webhook"."deliveries" d
         SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
             status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
             next_attempt_at = ${at}, window_started_at = ${at}, manual = true, leased_until = NULL
        FROM "webhook"."endpoints" ep
       WHERE d.event_id = ANY(${ids}) AND ep.id = d.endpoint_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL ${endpointFilter}`;
    await tx.$executeRawUnsafe(recountStatement('= ANY($1::text[])'), ids);
    return ids.length;
  });
}
