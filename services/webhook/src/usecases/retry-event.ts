import { ApiError, notFound } from '@vrp/errors';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { subscribedEndpoints } from '../db/endpoints.js';
import { insertDueDeliveries, rearmDeliveries } from '../db/deliveries.js';
import { lockEvent, refreshEventStatus } from '../db/event-status.js';
import { eventById } from '../db/events.js';
import { spendManualRetry } from '../db/retry-budget.js';
import type { Deps } from '../deps.js';
import { getEvent, type EventWithAttempts } from './get-event.js';

/**
 * Redelivers an event now to its endpoints (those still enabled, plus any subscribed since),
 * whatever its status and whatever the endpoints' circuit breakers say (the merchant asked). Attempt numbers continue; a delivery that had finished gets one more
 * attempt, one still retrying keeps its remaining budget and simply becomes due now. Each retry
 * spends one of the merchant's WEBHOOK_MANUAL_RETRIES_PER_HOUR (100), in the same transaction:
 * beyond them it is 429 rate_limited with Retry-After, so retries cannot be used to flood an
 * endpoint (an unknown event spends nothing).
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
    const refusedUntil = await spendManualRetry(tx, merchantId, deps.config.manualRetriesPerHour);
    if (refusedUntil) {
      throw new ApiError('rate_limited', 'The manual retries of the hour are spent; retry after the time in Retry-After.', {
        retryAfter: Math.max(1, Math.ceil((refusedUntil.getTime() - Date.now()) / 1000)),
      });
    }
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
