import { currentTraceparent } from '@vrp/tracing';
import { eventDeliveryStatus } from '../domain/delivery-status.js';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { insertEventWithDeliveries, subscribedEndpointUrls, type NewEvent } from '../db/recording.js';
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
    deps.clock(),
  );
}
