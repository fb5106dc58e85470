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

/** Endpoints of each merchant that receive each event type now (as subscribedEndpointUrls), for many pairs in one statement. */
export function subscribedEndpointsOf(
  db: Queryable,
  pairs: { merchantId: string; eventType: string }[],
): Promise<{ merchant_id: string; event_type: string; id: string; url: string }[]> {
  return rows(
    db,
    `SELECT t.merchant_id, t.event_type, e.id, e.url
       FROM (SELECT DISTINCT * FROM unnest($1::text[], $2::text[]) AS t(merchant_id, event_type)) t
       JOIN webhook.endpoints e ON e.merchant_id = t.merchant_id AND e.status = 'enabled' AND e.deleted_at IS NULL
        AND (cardinality(e.enabled_events) = 0 OR t.event_type = ANY(e.enabled_events))
      ORDER BY e.id`,
    [pairs.map((p) => p.merchantId), pairs.map((p) => p.eventType)],
  );
}

/** An event to record with the status it starts in and the endpoints it goes to (distinct). */
export interface EventToRecord {
  event: NewEvent;
  deliveryStatus: string;
  endpointIds: string[];
  /** When its deliveries are due. */
  at: Date;
}

/**
 * insertEventWithDeliveries for many events in one statement (one commit, so a merchant's
 * stream position is taken once per batch, not once per event). Event ids must be distinct.
 * Returns the ids that were new.
 */
export async function insertEventsWithDeliveries(db: Queryable, batch: EventToRecord[]): Promise<Set<string>> {
  const deliveries = batch.flatMap((b) => b.endpointIds.map((endpointId) => ({ eventId: b.event.id, endpointId, at: b.at })));
  const fresh = await rows<{ id: string }>(
    db,
    `WITH ev AS (
       INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, test, delivery_status, traceparent, deliveries_pending)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::bool[], $7::text[], $8::text[], $9::int[])
       ON CONFLICT (id) DO NOTHING RETURNING id, merchant_id),
     due AS (
       INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at)
       SELECT ev.merchant_id, ev.id, d.endpoint_id, d.at, d.at
         FROM ev JOIN unnest($10::text[], $11::text[], $12::timestamptz[]) AS d(event_id, endpoint_id, at) ON d.event_id = ev.id
       ON CONFLICT (event_id, endpoint_id) DO NOTHING)
     SELECT id FROM ev`,
    [
      batch.map((b) => b.event.id),
      batch.map((b) => b.event.merchantId),
      batch.map((b) => b.event.eventType),
      batch.map((b) => b.event.createdAt),
      batch.map((b) => b.event.data),
      batch.map((b) => b.event.test),
      batch.map((b) => b.deliveryStatus),
      batch.map((b) => b.event.traceparent ?? null),
      batch.map((b) => b.endpointIds.length),
      deliveries.map((d) => d.eventId),
      deliveries.map((d) => d.endpointId),
      deliveries.map((d) => d.at),
    ],
  );
  return new Set(fresh.map((r) => r.id));
}
