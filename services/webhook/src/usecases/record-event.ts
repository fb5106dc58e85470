import { eventDeliveryStatus } from '../domain/delivery-status.js';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { subscribedEndpoints } from '../db/endpoints.js';
import type { Deps } from '../deps.js';

/** An event as the webhook service keeps it: the body's fields plus its owner. */
export interface NewEvent {
  id: string;
  merchantId: string;
  eventType: string;
  createdAt: Date;
  /** The body's `data` object as JSON text, rendered once and sent byte-exact ever after. */
  data: string;
  test: boolean;
}

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
    const { count } = await tx.event.createMany({ data: [event], skipDuplicates: true });
    if (count === 0) return false;
    const endpoints = (await subscribedEndpoints(tx, event.merchantId, event.eventType)).filter((e) => isDeliverableUrl(e.url, policy));
    await tx.delivery.createMany({
      data: endpoints.map((e) => ({ merchantId: event.merchantId, eventId: event.id, endpointId: e.id, nextAttemptAt: now, windowStartedAt: now })),
      skipDuplicates: true,
    });
    // Nothing subscribed: nothing is left to deliver, so the event must not stay pending.
    if (endpoints.length === 0) await tx.event.update({ where: { id: event.id }, data: { deliveryStatus: eventDeliveryStatus([]) } });
    return true;
  });
}
