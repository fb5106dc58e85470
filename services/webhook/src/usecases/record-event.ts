import { insertDueDeliveries } from '../db/deliveries.js';
import { insertEventOnce, markNothingToDeliver, type NewEvent } from '../db/events.js';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { subscribedEndpoints } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

export type { NewEvent };

/**
 * Records an event once (a repeat of the same event id changes nothing) together with one
 * due delivery per endpoint subscribed to it right now, in one transaction. Endpoints whose
 * URL this deployment may not deliver to (e.g. not `https://sandbox…` in sandbox) get none.
 * Returns whether the event was new.
 */
export async function recordEvent(deps: Pick<Deps, 'db' | 'config' | 'clock'>, event: NewEvent): Promise<boolean> {
  const policy = { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback };
  const now = deps.clock();
  return deps.db.$transaction(async (tx) => {
    if (!(await insertEventOnce(tx, event))) return false;
    const endpoints = (await subscribedEndpoints(tx, event.merchantId, event.eventType)).filter((e) => isDeliverableUrl(e.url, policy));
    await insertDueDeliveries(tx, { merchantId: event.merchantId, eventId: event.id, endpointIds: endpoints.map((e) => e.id), at: now });
    // Nothing subscribed: nothing is left to deliver, so the event must not stay pending.
    if (endpoints.length === 0) await markNothingToDeliver(tx, event.id);
    return true;
  });
}
