/** Recording an event from the stream, the webhook service's hot path, in typed raw SQL on the service's pool. */
import { rows, transaction, type Queryable, type SqlPool } from '@vrp/sql';
import { recountStatement } from './event-status.js';

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

/** An endpoint an event was given a delivery for. */
export interface Subscription {
  id: string;
  url: string;
}

/**
 * Records events with one due delivery (at the event's `at`) for each endpoint of its merchant
 * that receives its type now (enabled, and subscribed: no list means all), except the endpoints
 * `excluded` names with the URL they had when excluded, in one statement (one commit). An event
 * whose id is known already changes nothing (event ids must be distinct). Each new event is
 * counted pending per delivery, or delivered when it got none. Returns the new events with the
 * endpoints (and their URLs) they were given deliveries for.
 */
export async function recordWithSubscriptions(
  db: Queryable,
  batch: { event: NewEvent; at: Date }[],
  excluded: Subscription[],
): Promise<Map<string, Subscription[]>> {
  const recorded = await rows<{ event_id: string; endpoint_id: string | null; url: string | null }>(
    db,
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::bool[], $7::text[], $8::timestamptz[])
         AS i(id, merchant_id, event_type, created_at, data, test, traceparent, at)),
     subscribed AS (
       SELECT i.id AS event_id, e.id AS endpoint_id, e.url, i.at
         FROM input i JOIN webhook.endpoints e ON e.merchant_id = i.merchant_id AND e.status = 'enabled' AND e.deleted_at IS NULL
          AND webhook.subscribes(e.enabled_events, i.event_type)
        WHERE (e.id, e.url) NOT IN (SELECT * FROM unnest($9::text[], $10::text[]))),
     ev AS (
       INSERT INTO webhook.events (id, merchant_id, event_type, created_at, data, test, delivery_status, traceparent, deliveries_pending)
       SELECT i.id, i.merchant_id, i.event_type, i.created_at, i.data, i.test, webhook.event_delivery_status(n.due, 0, 0, 0), i.traceparent, n.due
         FROM input i CROSS JOIN LATERAL (SELECT count(*)::int AS due FROM subscribed s WHERE s.event_id = i.id) n
       ON CONFLICT (id) DO NOTHING RETURNING id, merchant_id),
     due AS (
       INSERT INTO webhook.deliveries (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at)
       SELECT ev.merchant_id, ev.id, s.endpoint_id, s.at, s.at FROM ev JOIN subscribed s ON s.event_id = ev.id
       ON CONFLICT (event_id, endpoint_id) DO NOTHING)
     SELECT ev.id AS event_id, s.endpoint_id, s.url FROM ev LEFT JOIN subscribed s ON s.event_id = ev.id`,
    [
      batch.map((b) => b.event.id),
      batch.map((b) => b.event.merchantId),
      batch.map((b) => b.event.eventType),
      batch.map((b) => b.event.createdAt),
      batch.map((b) => b.event.data),
      batch.map((b) => b.event.test),
      batch.map((b) => b.event.traceparent ?? null),
      batch.map((b) => b.at),
      excluded.map((e) => e.id),
      excluded.map((e) => e.url),
    ],
  );
  const fresh = new Map<string, Subscription[]>();
  for (const r of recorded) {
    const endpoints = fresh.get(r.event_id) ?? [];
    if (r.endpoint_id !== null) endpoints.push({ id: r.endpoint_id, url: r.url! });
    fresh.set(r.event_id, endpoints);
  }
  return fresh;
}

/**
 * Takes back deliveries recorded a moment ago that must not be made (their endpoint's URL may not
 * receive deliveries here), unless an attempt was made already, and recounts their events (locked
 * first, as every change to an event's deliveries does).
 */
export async function withdrawDeliveries(pool: SqlPool, deliveries: { eventId: string; endpointId: string }[]): Promise<void> {
  const eventIds = [...new Set(deliveries.map((d) => d.eventId))].sort();
  await transaction(pool, async (tx) => {
    await tx.query('SELECT id FROM webhook.events WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE', [eventIds]);
    await tx.query(
      `DELETE FROM webhook.deliveries d USING unnest($1::text[], $2::text[]) AS w(event_id, endpoint_id)
        WHERE d.event_id = w.event_id AND d.endpoint_id = w.endpoint_id AND d.status = 'pending' AND d.attempt_count = 0`,
      [deliveries.map((d) => d.eventId), deliveries.map((d) => d.endpointId)],
    );
    await tx.query(recountStatement('= ANY($1::text[])'), [eventIds]);
  });
}

/** Every endpoint not deleted, with its URL (the recorder's start-up look for URLs it may not deliver to). */
export function endpointUrls(db: Queryable): Promise<Subscription[]> {
  return rows(db, 'SELECT id, url FROM webhook.endpoints WHERE deleted_at IS NULL');
}
