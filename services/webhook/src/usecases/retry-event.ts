import { notFound } from '@vrp/errors';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { subscribedEndpoints } from '../db/endpoints.js';
import { insertDueDeliveries, rearmDeliveries } from '../db/deliveries.js';
import { lockEvent, refreshEventStatus } from '../db/event-status.js';
import { eventById } from '../db/events.js';
import type { Deps } from '../deps.js';
import { getEvent, type EventWithAttempts } from './get-event.js';

/**
 * Redelivers an event now to its endpoints (those still enabled, plus any subscribed since),
 * whatever its status and whatever the endpoints' circuit breakers say (the merchant asked). Attempt numbers continue; a delivery that had finished gets one more
 * attempt, one still retrying keeps its remaining budget and simply becomes due now.
 */
export async function retryEvent(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'afterCommit'>,
  merchantId: string,
  id: string,
): Promise<EventWithAttempts> {
  const now = deps.clock(merchantId);
  const policy = { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback };
  await deps.db.$transaction(async (tx) => {
    if (!(await lockEvent(tx, id, merchantId))) throw notFound('webhook event', id);
    const event = await eventById(tx, id);
    const endpoints = (await subscribedEndpoints(tx, merchantId, event.eventType)).filter((e) => isDeliverableUrl(e.url, policy));
    await insertDueDeliveries(tx, { merchantId, eventId: id, endpointIds: endpoints.map((e) => e.id), at: now, manual: true });
    await rearmDeliveries(tx, id, now);
    await refreshEventStatus(tx, id);
  });
  // Read before the workers are woken, so the answer shows the retry as scheduled (`retrying`),
  // not a delivery that a woken worker may already have finished.
  const scheduled = await getEvent(deps, merchantId, id);
  deps.afterCommit();
  return scheduled;
}
