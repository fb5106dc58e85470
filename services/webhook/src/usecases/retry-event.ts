import { ApiError, notFound } from '@vrp/errors';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { rearmEventForRetry } from '../db/manual-retry.js';
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
  deps: Pick<Deps, 'sql' | 'config' | 'clocks' | 'afterCommit'>,
  merchantId: string,
  id: string,
): Promise<EventWithAttempts> {
  const now = deps.clocks.now(merchantId);
  const policy = { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback };
  const retry = await rearmEventForRetry(deps.sql, {
    merchantId,
    eventId: id,
    at: now,
    perHour: deps.config.manualRetriesPerHour,
    deliverable: (e) => isDeliverableUrl(e.url, policy),
  });
  if (retry.outcome === 'not_found') throw notFound('webhook event', id);
  if (retry.outcome === 'refused') {
    throw new ApiError('rate_limited', 'The manual retries of the hour are spent; retry after the time in Retry-After.', {
      retryAfter: Math.max(1, Math.ceil((retry.until.getTime() - Date.now()) / 1000)),
    });
  }
  // Read before the workers are woken, so the answer shows the retry as scheduled (`retrying`),
  // not a delivery that a woken worker may already have finished.
  const scheduled = await getEvent(deps, merchantId, id);
  deps.afterCommit();
  return scheduled;
}
