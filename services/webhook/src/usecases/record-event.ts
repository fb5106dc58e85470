import { currentTraceparent } from '@vrp/tracing';
import { eventDeliveryStatus } from '../domain/delivery-status.js';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import {
  insertEventWithDeliveries,
  insertEventsWithDeliveries,
  subscribedEndpointUrls,
  subscribedEndpointsOf,
  type NewEvent,
} from '../db/recording.js';
import type { Deps } from '../deps.js';

export type { NewEvent };

/**
 * Records an event once (a repeat of the same event id changes nothing) together with one
 * due delivery per endpoint subscribed to it right now, in one statement. Endpoints whose
 * URL this deployment may not deliver to (e.g. not `https://sandbox…` in sandbox) get none; an
 * event nothing is subscribed to has nothing left to deliver and is recorded as delivered.
 * The event keeps the active trace, which its delivery attempts continue. Returns whether the
 * event was new.
 */
export async function recordEvent(deps: Pick<Deps, 'sql' | 'config' | 'clock'>, event: NewEvent): Promise<boolean> {
  const policy = { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback };
  const endpoints = (await subscribedEndpointUrls(deps.sql, event.merchantId, event.eventType)).filter((e) =>
    isDeliverableUrl(e.url, policy),
  );
  const status = endpoints.length === 0 ? eventDeliveryStatus([]) : 'pending';
  return insertEventWithDeliveries(
    deps.sql,
    { ...event, traceparent: event.traceparent ?? currentTraceparent() ?? null },
    status,
    endpoints.map((e) => e.id),
    deps.clock(event.merchantId),
  );
}

/**
 * recordEvent for many events at once, in two statements whatever their number: the endpoints
 * subscribed to each, then every event with its deliveries (one commit). The traceparent each
 * event carries is kept (callers take it in the event's own trace). A repeat of an event id,
 * within the batch or of one recorded before, changes nothing. Returns, per event, how many
 * deliveries it made due, or null when it was not new.
 */
export async function recordEvents(deps: Pick<Deps, 'sql' | 'config' | 'clock'>, events: NewEvent[]): Promise<(number | null)[]> {
  const policy = { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback };
  const subscribed = new Map<string, string[]>();
  for (const e of await subscribedEndpointsOf(deps.sql, events)) {
    if (!isDeliverableUrl(e.url, policy)) continue;
    const key = `${e.merchant_id} ${e.event_type}`;
    subscribed.set(key, [...(subscribed.get(key) ?? []), e.id]);
  }
  const endpointsOf = (event: NewEvent) => subscribed.get(`${event.merchantId} ${event.eventType}`) ?? [];
  const first = new Map<string, NewEvent>();
  for (const event of events) if (!first.has(event.id)) first.set(event.id, event);
  const fresh = await insertEventsWithDeliveries(
    deps.sql,
    [...first.values()].map((event) => {
      const endpointIds = endpointsOf(event);
      return {
        event: { ...event, traceparent: event.traceparent ?? null },
        deliveryStatus: endpointIds.length === 0 ? eventDeliveryStatus([]) : 'pending',
        endpointIds,
        at: deps.clock(event.merchantId),
      };
    }),
  );
  return events.map((event) => (first.get(event.id) === event && fresh.has(event.id) ? endpointsOf(event).length : null));
}
