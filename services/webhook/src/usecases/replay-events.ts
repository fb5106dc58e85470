import type { common } from '@vrp/contracts';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { notFound, validationError } from '@vrp/errors';
import { findEndpoint } from '../db/endpoints.js';
import { rearmMatchingEvents } from '../db/replay.js';
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
 * must be enabled) are re-armed. Returns how many events were queued.
 */
export async function replayEvents(deps: Pick<Deps, 'db' | 'clock' | 'afterCommit'>, filter: ReplayFilter): Promise<number> {
  if (filter.deliveryStatus && !(EVENT_DELIVERY_STATUSES as readonly string[]).includes(filter.deliveryStatus)) {
    throw validationError('delivery_status', `delivery_status must be one of ${EVENT_DELIVERY_STATUSES.join(', ')}`);
  }
  if (filter.endpointId && !(await findEndpoint(deps.db, filter.merchantId, filter.endpointId)))
    throw notFound('webhook endpoint', filter.endpointId);
  const count = await rearmMatchingEvents(
    deps.db,
    {
      merchantId: filter.merchantId,
      deliveryStatus: filter.deliveryStatus,
      endpointId: filter.endpointId,
      createdFrom: filter.createdAt?.gte ? timestampDate(filter.createdAt.gte) : null,
      createdTo: filter.createdAt?.lte ? timestampDate(filter.createdAt.lte) : null,
    },
    deps.clock(filter.merchantId),
    MAX_REPLAY,
  );
  deps.afterCommit();
  return count;
}
