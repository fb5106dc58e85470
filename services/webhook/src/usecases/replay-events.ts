import type { common } from '@vrp/contracts';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Prisma } from '../generated/prisma/client.js';
import { notFound, validationError } from '@vrp/errors';
import { findEndpoint } from '../db/endpoints.js';
import { EVENT_DELIVERY_STATUSES } from '../domain/delivery-status.js';
import type { Deps } from '../deps.js';

/** Most events one replay queues; the oldest matching ones go first. */
export const MAX_REPLAY = 10_000;

export interface ReplayFilter {
  merchantId: string;
  deliveryStatus: string;
  endpointId: string;
  createdAt?: common.TimeRange | undefined;
}

/**
 * Bulk replay: redelivers now the merchant's events matching the filter (at most MAX_REPLAY,
 * oldest first), like a manual retry of each — attempted at once whatever the circuit breakers
 * say, attempt numbers continuing. With `endpointId`, only deliveries to that endpoint (which
 * must be enabled) are re-armed. Events are locked in id order, as every other writer of
 * deliveries locks them, and their status is recomputed in the same transaction. Returns how
 * many events were queued.
 */
export async function replayEvents(deps: Pick<Deps, 'db' | 'clock' | 'nudge'>, filter: ReplayFilter): Promise<number> {
  if (filter.deliveryStatus && !(EVENT_DELIVERY_STATUSES as readonly string[]).includes(filter.deliveryStatus)) {
    throw validationError('delivery_status', `delivery_status must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}`);
  }
  if (filter.endpointId && !(await findEndpoint(deps.db, filter.merchantId, filter.endpointId))) throw notFound('webhook endpoint', filter.endpointId);
  const now = deps.clock();
  const gte = filter.createdAt?.gte ? timestampDate(filter.createdAt.gte) : null;
  const lte = filter.createdAt?.lte ? timestampDate(filter.createdAt.lte) : null;
  const endpointFilter = filter.endpointId ? Prisma.sql`AND ep.id = ${filter.endpointId}` : Prisma.empty;
  const count = await deps.db.$transaction(async (tx) => {
    const events = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM (
        SELECT id, created_at FROM "webhook"."events"
         WHERE merchant_id = ${filter.merchantId}
           AND (${filter.deliveryStatus} = '' OR delivery_status = ${filter.deliveryStatus})
           AND (${gte}::timestamptz IS NULL OR created_at >= ${gte}::timestamptz)
           AND (${lte}::timestamptz IS NULL OR created_at <= ${lte}::timestamptz)
         ORDER BY created_at, id LIMIT ${MAX_REPLAY}
      ) chosen ORDER BY id FOR UPDATE`;
    if (events.length === 0) return 0;
    const ids = events.map((e) => e.id);
    // Endpoints subscribed since an event was recorded get a delivery too, as a single retry does.
    await tx.$executeRaw`
      INSERT INTO "webhook"."deliveries" (merchant_id, event_id, endpoint_id, next_attempt_at, window_started_at, manual)
      SELECT ev.merchant_id, ev.id, ep.id, ${now}, ${now}, true
        FROM "webhook"."events" ev
        JOIN "webhook"."endpoints" ep ON ep.merchant_id = ev.merchant_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL
             AND (cardinality(ep.enabled_events) = 0 OR ev.event_type = ANY(ep.enabled_events)) ${endpointFilter}
       WHERE ev.id = ANY(${ids})
      ON CONFLICT (event_id, endpoint_id) DO NOTHING`;
    await tx.$executeRaw`
      UPDATE "webhook"."deliveries" d
         SET max_attempts = GREATEST(CASE WHEN d.status IN ('pending', 'retrying') THEN d.max_attempts ELSE 0 END, d.attempt_count + 1),
             status = CASE WHEN d.attempt_count = 0 THEN 'pending' ELSE 'retrying' END,
             next_attempt_at = ${now}, window_started_at = ${now}, manual = true
        FROM "webhook"."endpoints" ep
       WHERE d.event_id = ANY(${ids}) AND ep.id = d.endpoint_id AND ep.status = 'enabled' AND ep.deleted_at IS NULL ${endpointFilter}`;
    await tx.$executeRaw`
      UPDATE "webhook"."events" ev
         SET delivery_status = CASE
               WHEN s.n = 0 THEN 'delivered'
               WHEN s.all_pending THEN 'pending'
               WHEN s.all_delivered THEN 'delivered'
               WHEN s.any_waiting THEN 'retrying'
               ELSE 'delivery_failed' END
        FROM (SELECT e.id, count(d.id) AS n,
                     COALESCE(bool_and(d.status = 'pending'), true) AS all_pending,
                     COALESCE(bool_and(d.status = 'delivered'), true) AS all_delivered,
                     COALESCE(bool_or(d.status IN ('pending', 'retrying')), false) AS any_waiting
                FROM "webhook"."events" e LEFT JOIN "webhook"."deliveries" d ON d.event_id = e.id
               WHERE e.id = ANY(${ids}) GROUP BY e.id) s
       WHERE ev.id = s.id`;
    return ids.length;
  });
  deps.nudge();
  return count;
}
