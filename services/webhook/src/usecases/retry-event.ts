import { notFound } from '@vrp/errors';
import { isDeliverableUrl } from '../domain/webhook-url.js';
import { subscribedEndpoints } from '../db/endpoints.js';
import { lockEvent, refreshEventStatus } from '../db/event-status.js';
import type { Deps } from '../deps.js';
import { getEvent, type EventWithAttempts } from './get-event.js';

/**
 * Redelivers an event now to its endpoints (those still enabled, plus any subscribed since),
 * whatever its status and whatever the endpoints' circuit breakers say (the merchant asked). Attempt numbers continue; a delivery that had finished gets one more
 * attempt, one still retrying keeps its remaining budget and simply becomes due now.
 */
export async function retryEvent(deps: Pick<Deps, 'db' | 'config' | 'clock' | 'nudge'>, merchantId: string, id: string): Promise<EventWithAttempts> {
  const now = deps.clock();
  const policy = { env: deps.config.env, allowInsecureLoopback: deps.config.allowInsecureLoopback };
  await deps.db.$transaction(async (tx) => {
    if (!(await lockEvent(tx, id, merchantId))) throw notFound('webhook event', id);
    const event = await tx.event.findUniqueOrThrow({ where: { id } });
    const endpoints = (await subscribedEndpoints(tx, merchantId, event.eventType)).filter((e) => isDeliverableUrl(e.url, policy));
    await tx.delivery.createMany({
      data: endpoints.map((e) => ({ merchantId, eventId: id, endpointId: e.id, nextAttemptAt: now, windowStartedAt: now, manual: true })),
      skipDuplicates: true,
    });
    await tx.$executeRaw`
      UPDATE "webhook"."deliveries" d
         SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
             status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
             next_attempt_at = ${now},
             window_started_at = ${now},
             manual = true
        FROM "webhook"."endpoints" e
       WHERE d.event_id = ${id} AND e.id = d.endpoint_id AND e.status = 'enabled'`;
    await refreshEventStatus(tx, id);
  });
  deps.nudge();
  return getEvent(deps, merchantId, id);
}
