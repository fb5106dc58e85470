/**
 * Recording an event from the stream, the webhook service's hot path, in typed raw SQL on the
 * service's pool (everything else runs through Prisma on the same pool).
 */
import { rows, type Queryable } from '@vrp/sql';

/** An event as the webhook service keeps it: the body's fields plus its owner. */
export interface NewEvent {
  id: string;
  merchantId: string;
  eventType: string;
  createdAt: Date;
  /** The body's `data` object as JSON text, rendered once and sent byte-exact ever after. */
  data: string;
  test: boolean;
  /** The trace the event belongs to (from the message's headers); its deliveries continue it. */
  traceparent?: string | null;
}

/** Endpoints of the merchant that receive `eventType` now: enabled, and subscribed (empty = all). */
export function subscribedEndpointUrls(db: Queryable, merchantId: string, eventType: string): Promise<{ id: string; url: string }[]> {
  return rows(
    db,
    `SELECT id, url FROM webhook.endpoints
      WHERE merchant_id = $1 AND status = 'enabled' AND deleted_at IS NULL
        AND (cardinality(enabled_events) = 0 OR $2 = ANY(enabled_events))
      ORDER BY id`,
    [merchantId, eventType],
  );
}

/**
 * Inserts the event with `deliveryStatus` unless its id is known already, and, only when it was
 * new, one delivery due at `at` per endpoint (counted as pending on the event; `endpointIds` are
 * distinct): one statement, so both commit together. True when the event was new.
 */
export async function insertEventWithDeliveries(
  db: Queryable,
  event: NewEvent,
  deliveryStatus: string,
  endpointIds: string[],
  at: Date,
): Promise<boolean> {
  const [row] = await rows<{ fresh: number }>(
    db,
    `WITH ev AS (
       INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, test, delivery_status, traceparent, deliveries_pending)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $10, cardinality($8::text[])) ON CONFLICT (id) DO NOTHING RETURNING id),
     due AS (
       INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at)
       SELECT $2, ev.id, endpoint_id, $9, $9 FROM ev, unnest($8::text[]) AS endpoint_id
       ON CONFLICT (event_id, endpoint_id) DO NOTHING)
     SELECT count(*)::int AS fresh FROM ev`,
    [
      event.id,
      event.merchantId,
      event.eventType,
      event.createdAt,
      event.data,
      event.test,
      deliveryStatus,
      endpointIds,
      at,
      event.traceparent ?? null,
    ],
  );
  return row!.fresh > 0;
}
