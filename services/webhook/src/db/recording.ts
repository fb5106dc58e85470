/** Recording an event from the stream, the webhook service's hot path: the typed queries of sql/recording.sql on the service's pool. */
import { transaction, type Queryable, type SqlPool } from '@vrp/sql';
import {
  deleteUnattemptedDeliveries,
  endpointUrls as endpointUrlsQuery,
  lockEvents,
  recordWithSubscriptions as recordWithSubscriptionsQuery,
} from '../generated/sql/recording.queries.js';
import { refreshEventStatuses } from './event-status.js';

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
  const recorded = await recordWithSubscriptionsQuery.run(
    {
      ids: batch.map((b) => b.event.id),
      merchantIds: batch.map((b) => b.event.merchantId),
      eventTypes: batch.map((b) => b.event.eventType),
      createdAts: batch.map((b) => b.event.createdAt),
      datas: batch.map((b) => b.event.data),
      tests: batch.map((b) => b.event.test),
      // An event without a trace has a null there; pgtyped types an array's elements as not null.
      traceparents: batch.map((b) => b.event.traceparent ?? null) as string[],
      ats: batch.map((b) => b.at),
      excludedIds: excluded.map((e) => e.id),
      excludedUrls: excluded.map((e) => e.url),
    },
    db,
  );
  const fresh = new Map<string, Subscription[]>();
  for (const r of recorded) {
    const endpoints = fresh.get(r.eventId) ?? [];
    if (r.endpointId !== null) endpoints.push({ id: r.endpointId, url: r.url! });
    fresh.set(r.eventId, endpoints);
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
    await lockEvents.run({ eventIds }, tx);
    await deleteUnattemptedDeliveries.run(
      { eventIds: deliveries.map((d) => d.eventId), endpointIds: deliveries.map((d) => d.endpointId) },
      tx,
    );
    await refreshEventStatuses(tx, eventIds);
  });
}

/** Every endpoint not deleted, with its URL (the recorder's start-up look for URLs it may not deliver to). */
export function endpointUrls(db: Queryable): Promise<Subscription[]> {
  return endpointUrlsQuery.run(undefined, db);
}
